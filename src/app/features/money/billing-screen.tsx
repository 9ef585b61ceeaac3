import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css, cx } from '../../../../styled-system/css';
import { LEAD_ACCOUNT_KINDS } from '../../../shared/money/accounts.ts';
import { isLeadOnly } from '../../../shared/roles.ts';
import { useOnline } from '../../api/online-only.ts';
import { toApiError } from '../../api/http.ts';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { showToast } from '../../state/ui.ts';
import { Button, buttonRecipe } from '../../ui/button.tsx';
import { Link } from '@tanstack/react-router';
import { Card, PageHeader } from '../../ui/card.tsx';
import { DatePicker } from '../../ui/date-picker.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useNarrow } from '../../ui/use-narrow.ts';
import { LeadPicker } from './lead-picker.tsx';
import { downloadStatement } from './money-api.ts';
import { useStatement } from './statement-source.ts';
import { WithdrawEntry } from './withdraw-entry.tsx';
import { WithdrawalRequestDialog } from './withdrawal-request-dialog.tsx';

const PAGE = 20;
/** Every transfer kind a lead's available account sees (src/server/money, src/server/wealth, src/server/trading/orders): the kind filter offers each. */
export const STATEMENT_KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_refund',
  'adjustment_credit',
  'adjustment_debit',
  'investment_open',
  'investment_return',
  'dividend',
  'order_hold',
  'order_release',
  'order_loss_beyond',
  'order_loss_capped',
  'order_profit',
] as const;

const figureStyle = css({ display: 'flex', flexDir: 'column', gap: '0.5' });
const cellStyle = css({ py: '2', px: '2', textAlign: 'start', borderTopWidth: '1px', borderColor: 'border', whiteSpace: 'nowrap' });
/** Money out reads red, money in green (the sign says it too, for those who do not see the colour). */
const amountTone = (amount: number) => (amount < 0 ? css({ color: 'error' }) : css({ color: 'success' }));
const numberCell = css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

/** Billing (DESIGN.md §13): a lead's statement; staff pick the lead, a lead reads its own, deposits and withdraws. */
export function BillingScreen({ leadId: chosen, onLeadChange }: { leadId?: string; onLeadChange: (leadId: string | undefined) => void }) {
  const { t } = useTranslation();
  const me = useSnapshot(auth).user;
  const lead = isLeadOnly(me?.roles ?? []);
  const leadId = lead ? me?.id : chosen;
  const [withdrawing, setWithdrawing] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <PageHeader
        title={t('app.nav.billing')}
        actions={
          lead ? (
            <>
              <Link to="/deposits/new" className={buttonRecipe()}>
                {t('app.money.wizard.open')}
              </Link>
              <WithdrawEntry variant="outline" onOpen={() => setWithdrawing(true)} />
            </>
          ) : null
        }
      />
      {withdrawing ? (
        <WithdrawalRequestDialog
          onClose={() => setWithdrawing(false)}
          onDone={() => {
            setWithdrawing(false);
            setVersion((n) => n + 1);
          }}
        />
      ) : null}
      {!lead ? (
        <div className={css({ maxW: '24rem' })}>
          <LeadPicker label={t('app.money.billing.pickLead')} value={leadId} onChange={(id) => onLeadChange(id)} />
        </div>
      ) : null}
      {leadId ? (
        <Statement key={`${leadId}:${version}`} leadId={leadId} />
      ) : (
        <p className={css({ color: 'fg.muted' })}>{t('app.money.billing.noLead')}</p>
      )}
    </div>
  );
}

/** Funds, capital and the entries of the available account with their running balance. */
export function Statement({ leadId }: { leadId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const narrow = useNarrow();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [kind, setKind] = useState<string>('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query = { from: from ?? undefined, to: to ?? undefined, kind: kind || undefined, page, limit: PAGE };
  const statement = useStatement(leadId, query);
  const data = statement.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE)) : 1;

  async function exportAs(format: 'csv' | 'xlsx') {
    setExporting(true);
    try {
      await downloadStatement(leadId, { from: query.from, to: query.to, kind: query.kind }, format);
    } catch (cause) {
      showToast(t('app.money.billing.exportFailed', { error: toApiError(cause).message }), 'error');
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Card title={t('app.money.billing.funds')}>
        {data ? (
          <div className={css({ display: 'flex', gap: '8', flexWrap: 'wrap' })}>
            <div className={figureStyle}>
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.money.availableFunds')}</span>
              <strong data-testid="available-funds" className={css({ fontSize: '2xl' })}>
                {formatMoney(data.availableFunds)}
              </strong>
            </div>
            <div className={figureStyle}>
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.money.capital')}</span>
              <strong data-testid="capital" className={css({ fontSize: '2xl' })}>
                {formatMoney(data.capital)}
              </strong>
            </div>
            {/* The other accounts capital is made of. */}
            {LEAD_ACCOUNT_KINDS.filter((kind) => kind !== 'available').map((kind) => (
              <div key={kind} className={figureStyle}>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t(`app.money.accounts.${kind}`)}</span>
                <strong data-testid={`balance-${kind}`} className={css({ fontSize: 'xl' })}>
                  {formatMoney(data.balances[kind])}
                </strong>
              </div>
            ))}
          </div>
        ) : null}
        {data?.asOf ? (
          <p role="status" data-testid="last-known" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('app.money.billing.lastKnown', { date: formatDateTime(data.asOf) })}
          </p>
        ) : null}
        {statement.loading && !data ? <Spinner label={t('app.common.loading')} /> : null}
        {statement.error ? (
          <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
            {t('app.money.billing.loadFailed', { error: statement.error.message })}
          </p>
        ) : null}
      </Card>
      <Card
        title={t('app.money.billing.entries')}
        actions={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {(['xlsx', 'csv'] as const).map((format) => (
              <Button key={format} variant="outline" size="sm" disabled={!online} loading={exporting} onClick={() => void exportAs(format)}>
                {t(`app.money.billing.export.${format}`)}
              </Button>
            ))}
          </div>
        }
      >
        <div
          className={css({
            display: 'grid',
            gap: '3',
            gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            alignItems: 'end',
          })}
        >
          <DatePicker label={t('app.dayRange.from')} value={from} onChange={(v) => (setFrom(v), setPage(1))} />
          <DatePicker label={t('app.dayRange.to')} value={to} onChange={(v) => (setTo(v), setPage(1))} />
          <Select
            label={t('app.money.billing.kind')}
            options={[
              { value: '', label: t('app.money.billing.allKinds') },
              ...STATEMENT_KINDS.map((k) => ({ value: k, label: t(`app.money.kinds.${k}`) })),
            ]}
            value={[kind]}
            onChange={(value) => (setKind(value[0] ?? ''), setPage(1))}
          />
        </div>
        {narrow ? (
          // A phone: each entry a stacked line, the amount and balance in view (CHECKLIST item 4).
          <ul data-testid="statement" aria-label={t('app.money.billing.entries')} className={css({ display: 'flex', flexDir: 'column' })}>
            {data?.entries.map((entry) => (
              <li
                key={entry.id}
                data-testid="statement-row"
                className={css({
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) auto',
                  gap: '0.5',
                  py: '2',
                  borderTopWidth: '1px',
                  borderColor: 'border',
                })}
              >
                <span className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
                  {t(`app.money.kinds.${entry.kind}`, { defaultValue: entry.kind })}
                </span>
                <span data-testid="entry-amount" className={cx(numberCell, css({ fontWeight: 'semibold' }), amountTone(entry.amount))}>
                  {formatMoney(entry.amount)}
                </span>
                <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{formatDateTime(entry.date)}</span>
                <span className={cx(numberCell, css({ fontSize: 'xs', color: 'fg.muted' }))}>
                  {t('app.money.billing.columns.balance')} <span data-testid="entry-balance">{formatMoney(entry.balance)}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <div className={css({ overflowX: 'auto' })} tabIndex={0} role="region" aria-label={t('app.money.billing.entries')}>
            <table className={css({ w: 'full', fontSize: 'sm', borderCollapse: 'collapse' })} data-testid="statement">
              <thead>
                <tr className={css({ color: 'fg.muted' })}>
                  <th scope="col" className={cellStyle}>
                    {t('app.money.billing.columns.date')}
                  </th>
                  <th scope="col" className={cellStyle}>
                    {t('app.money.billing.columns.kind')}
                  </th>
                  <th scope="col" className={`${cellStyle} ${numberCell}`}>
                    {t('app.money.billing.columns.amount')}
                  </th>
                  <th scope="col" className={`${cellStyle} ${numberCell}`}>
                    {t('app.money.billing.columns.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data?.entries.map((entry) => (
                  <tr key={entry.id} data-testid="statement-row">
                    <td className={cellStyle}>{formatDateTime(entry.date)}</td>
                    <td className={cellStyle}>{t(`app.money.kinds.${entry.kind}`, { defaultValue: entry.kind })}</td>
                    <td className={cx(cellStyle, numberCell, amountTone(entry.amount))} data-testid="entry-amount">
                      {formatMoney(entry.amount)}
                    </td>
                    <td className={`${cellStyle} ${numberCell}`} data-testid="entry-balance">
                      {formatMoney(entry.balance)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && !data.entries.length ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm', py: '3' })}>{t('app.money.billing.empty')}</p>
        ) : null}
        {pages > 1 ? (
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'flex-end' })}>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('app.money.billing.previous')}
            </Button>
            <span className={css({ fontSize: 'sm' })}>{t('app.money.billing.page', { page, pages })}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('app.money.billing.next')}
            </Button>
          </div>
        ) : null}
      </Card>
    </>
  );
}
