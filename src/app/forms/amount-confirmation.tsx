import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { toCents } from '../../shared/money.ts';
import { formatMoney } from '../i18n/format.ts';
import { settings } from '../state/settings.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';

/** The settings' default (migration 0006), until the settings record says otherwise. */
const DEFAULT_LEVEL_EUROS = 5000;

type Asking = { cents: number; to: string; label: string; answer: (yes: boolean) => void };

/**
 * Amounts above the company's confirmation level (settings.amountConfirmationLevel) ask once more,
 * naming the amount and where it goes, before the form sends them. `confirm` answers true at once
 * below the level; render `dialog` in the form.
 */
export function useAmountConfirmation(): {
  confirm: (cents: number, to: string, label: string) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const level = useSnapshot(settings).record?.amountConfirmationLevel ?? DEFAULT_LEVEL_EUROS;
  const [asking, setAsking] = useState<Asking | null>(null);
  const confirm = (cents: number, to: string, label: string) =>
    cents <= toCents(Number(level))
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) =>
          setAsking({
            cents,
            to,
            label,
            answer: (yes) => {
              setAsking(null);
              resolve(yes);
            },
          }),
        );
  const dialog = asking ? (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && asking.answer(false)}
      title={t('app.amount.confirmTitle', { amount: formatMoney(asking.cents / 100) })}
      description={<span data-testid="amount-confirmation">{asking.to}</span>}
      confirmLabel={asking.label}
      onConfirm={() => asking.answer(true)}
    />
  ) : null;
  return { confirm, dialog };
}
