import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../../styled-system/css';
import type { EntityRecord } from '../../data/entity-store.ts';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { usePerson } from '../../lists/person-cell.tsx';
import type { MoneyEntity } from './money-actions.ts';
import { MoneyStatusBadge } from './status-badges.tsx';

/** Money that moved nothing (failed, cancelled) reads muted; a credit green, a debit red. */
const MOVED = new Set(['completed', 'pending', 'awaiting_3d_secure']);

/** An amount with its sign and colour as the lead's balance feels it: + for money in, − for money out. */
export function SignedAmount({ amount, direction, status }: { amount: number; direction: 'in' | 'out'; status?: unknown }) {
  const moved = status === undefined || MOVED.has(String(status));
  const text = formatMoney(Math.abs(amount));
  return (
    <strong
      data-testid="signed-amount"
      className={cx(
        css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }),
        !moved
          ? css({ color: 'fg.muted', textDecoration: 'line-through' })
          : direction === 'in'
            ? css({ color: 'success' })
            : css({ color: 'error' }),
      )}
    >
      {direction === 'in' ? '+' : '−'}
      {text}
    </strong>
  );
}

const lineStyle = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', minW: 0 });

/**
 * A deposit or withdrawal as a stacked row on a phone (CHECKLIST item 4): the lead (staff), the amount
 * signed and coloured, the status and the date, nothing off to the right. A tap opens its details.
 */
export function MoneyRowFacts({
  entity,
  row,
  showLead,
  onOpen,
}: {
  entity: MoneyEntity;
  row: EntityRecord;
  showLead: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const lead = usePerson(showLead ? row.userId : undefined);
  const title = showLead ? (lead === undefined ? '…' : (lead?.name ?? '—')) : t(`app.money.entity.${entity}`);
  return (
    <button
      type="button"
      onClick={onOpen}
      className={css({
        display: 'flex',
        flexDir: 'column',
        gap: '1',
        w: 'full',
        minW: 0,
        textAlign: 'start',
        cursor: 'pointer',
        bg: 'transparent',
      })}
    >
      <span className={lineStyle}>
        <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 'medium' })}>{title}</span>
        <SignedAmount amount={Number(row.amount ?? 0)} direction={entity === 'deposit' ? 'in' : 'out'} status={row.status} />
      </span>
      <span className={lineStyle}>
        <MoneyStatusBadge entity={entity} status={row.status} />
        <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>
          {row.dateCreation ? formatDateTime(String(row.dateCreation)) : ''}
        </span>
      </span>
    </button>
  );
}
