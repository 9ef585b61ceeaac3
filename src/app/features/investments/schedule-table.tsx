import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import { Badge } from '../../ui/badge.tsx';
import type { ScheduleRow } from './schedule-rows.ts';
import { scheduleTotals } from './schedule-rows.ts';

const cell = css({ px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border', textAlign: 'start' });
const num = css({ fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' });

/**
 * Every period of a schedule: its date, amount, and (for a booked investment) paid or due, then the
 * total. A plain table of three or four short columns: it fits a 390 px phone without scrolling.
 */
export function ScheduleTable({ rows, showPaid = true, caption }: { rows: readonly ScheduleRow[]; showPaid?: boolean; caption: string }) {
  const { t } = useTranslation();
  const totals = scheduleTotals(rows);
  if (!rows.length) return <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.investments.schedule.none')}</p>;
  return (
    <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })} data-testid="schedule">
      <caption className={css({ textAlign: 'start', fontWeight: 'medium', mb: '1' })}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={cell}>
            {t('app.projects.period')}
          </th>
          <th scope="col" className={cell}>
            {t('app.projects.date')}
          </th>
          <th scope="col" className={`${cell} ${num}`}>
            {t('app.projects.dividend')}
          </th>
          {showPaid ? (
            <th scope="col" className={cell}>
              {t('app.fields.status')}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.period} data-testid="schedule-row" data-paid={row.paid}>
            <td className={cell}>
              {row.period}
              {row.partial ? <span className={css({ color: 'fg.muted', fontSize: 'xs' })}> ({t('app.projects.partial')})</span> : null}
            </td>
            <td className={cell}>{formatDate(row.date)}</td>
            <td className={`${cell} ${num}`} data-testid="schedule-amount">
              {formatMoney(row.amountCents / 100)}
            </td>
            {showPaid ? (
              <td className={cell}>
                <Badge tone={row.paid ? 'success' : 'neutral'}>
                  {t(row.paid ? 'app.investments.schedule.paid' : 'app.investments.schedule.due')}
                </Badge>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2} className={cell}>
            {t('app.projects.totalReturn')}
          </th>
          <td className={`${cell} ${num}`} data-testid="schedule-total">
            <strong>{formatMoney(totals.totalCents / 100)}</strong>
          </td>
          {showPaid ? (
            <td className={cell} data-testid="schedule-due">
              {t('app.investments.schedule.toCome', { amount: formatMoney(totals.dueCents / 100) })}
            </td>
          ) : null}
        </tr>
      </tfoot>
    </table>
  );
}
