import { useTranslation } from 'react-i18next';
import { css } from '../../../../../styled-system/css';
import type { EntityRecord } from '../../../data/entity-store.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { usePersonLabel } from '../../../lists/person-cell.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { waitsForConfirmation } from './desk-orders.ts';
import { requestedProfitOf } from './confirm-close-dialog.tsx';

/**
 * An order's status: Open or Closed; a close waiting for a second person says "Needs a second person"
 * (a row is one line high), the whole sentence (who asked, how much) in its title and for screen
 * readers.
 */
export function OrderStatusCell({ row }: { row: EntityRecord }) {
  const { t } = useTranslation();
  const waiting = waitsForConfirmation(row);
  const requester = usePersonLabel(waiting ? row.closeRequestedBy : undefined);
  const status = String(row.status ?? '');
  if (!waiting)
    return (
      <span data-testid="order-status" data-status={status}>
        <Badge tone={status === 'open' ? 'info' : 'neutral'}>{t(`app.desk.status.${status}`)}</Badge>
      </span>
    );
  const full = t('app.desk.waiting.full', { name: requester, amount: formatMoney(requestedProfitOf(row)) });
  return (
    <span data-testid="order-status" data-status="waiting" title={full} className={css({ whiteSpace: 'nowrap', flexShrink: 0 })}>
      <Badge tone="warning">
        <span aria-hidden>{t('app.desk.waiting.short')}</span>
        <span data-testid="four-eyes-waiting" className={css({ srOnly: true })}>
          {full}
        </span>
      </Badge>
    </span>
  );
}

/** A profit signed and coloured, with its sign in words for those who do not see colours: +€120.50, −€30.00; '—' while open. */
export function ProfitCell({ value, title }: { value: unknown; title?: string }) {
  if (value === null || value === undefined || value === '') return <span>—</span>;
  const euros = Number(value);
  const sign = euros > 0 ? '+' : euros < 0 ? '−' : '';
  return (
    <span
      data-testid="profit"
      title={title}
      className={css({
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        color: euros > 0 ? 'success' : euros < 0 ? 'error' : 'fg',
        fontWeight: 'medium',
      })}
    >
      {sign}
      {formatMoney(Math.abs(euros))}
    </span>
  );
}
