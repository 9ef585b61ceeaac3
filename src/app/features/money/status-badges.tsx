import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/badge.tsx';

type Tone = 'success' | 'warning' | 'error' | 'neutral' | 'info';

const TONES: Record<string, Tone> = {
  pending: 'warning',
  awaiting_3d_secure: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'neutral',
};

/** A deposit's or withdrawal's status in words, with its colour. */
export function MoneyStatusBadge({ entity, status }: { entity: 'deposit' | 'withdrawal'; status: unknown }) {
  const { t } = useTranslation();
  const value = String(status ?? '');
  return (
    <span data-testid={`${entity}-status`} data-status={value}>
      <Badge tone={TONES[value] ?? 'neutral'}>{t(`app.money.status.${value}`, { defaultValue: value })}</Badge>
    </span>
  );
}

export const DepositStatusBadge = ({ status }: { status: unknown }) => <MoneyStatusBadge entity="deposit" status={status} />;
export const WithdrawalStatusBadge = ({ status }: { status: unknown }) => <MoneyStatusBadge entity="withdrawal" status={status} />;
