import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/badge.tsx';

const TONES = { active: 'success', ended: 'neutral', pending: 'warning', completed: 'success', failed: 'error' } as const;

/** An investment's or a dividend's status in words, with its colour. */
export function WealthStatusBadge({ entity, status }: { entity: 'investment' | 'dividend'; status: unknown }) {
  const { t } = useTranslation();
  const value = String(status ?? '');
  const words = entity === 'investment' ? `app.investments.status.${value}` : `app.investments.dividends.status.${value}`;
  return (
    <span data-testid={`${entity}-status`} data-status={value}>
      <Badge tone={TONES[value as keyof typeof TONES] ?? 'neutral'}>{t(words, { defaultValue: value })}</Badge>
    </span>
  );
}
