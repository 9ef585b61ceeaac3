import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import type { MoneyHistory } from '../../../shared/contracts/money-history.ts';
import { http } from '../../api/client.ts';
import { useOnline } from '../../api/online-only.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { PersonCell } from '../../lists/person-cell.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { MoneyEntity } from './money-actions.ts';
import { MoneyStatusBadge } from './status-badges.tsx';

const historyOf = (entity: MoneyEntity, id: string, signal: AbortSignal) => http<MoneyHistory>(`/v1/${entity}/${id}/history`, { signal });

const termStyle = css({ fontSize: 'xs', color: 'fg.muted' });
const gridStyle = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '10rem 1fr' }, gap: { base: '0.5', sm: '2' }, m: 0 });
const numberStyle = css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={termStyle}>{label}</dt>
      <dd className={css({ m: 0, minW: 0, overflowWrap: 'anywhere' })}>{children}</dd>
    </>
  );
}

/** A person of the history as the server named them (null: not for this reader to know). */
const who = (person: MoneyHistory['enteredBy'], none: string) => (person ? `${person.name} (${person.email})` : none);

/**
 * One deposit or withdrawal opened (CHECKLIST item 8): the lead, amount, status, card or bank
 * reference, the reason it failed, who entered it and each action with who and when (the server's
 * history, online), and the ledger entries it booked. Offline, what the mirror knows, and why the rest waits.
 */
export function MoneyRecordDetail({ entity, record, onClose }: { entity: MoneyEntity; record: EntityRecord; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const history = useFetch(
    (signal) => (online ? historyOf(entity, record.id, signal) : Promise.resolve(null)),
    [entity, record.id, online],
  );
  const data = history.data;
  const none = t('app.money.detail.nobody');
  const reason = record.failureReason ? String(record.failureReason) : '';
  const reasonText = reason && i18n.exists(`app.money.failureReasons.${reason}`) ? t(`app.money.failureReasons.${reason}`) : reason;
  const eventWord = (action: string) =>
    t(`app.money.detailMore.event.${action}`, { defaultValue: t(`app.money.actions.${action}`, { defaultValue: action }) });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(entity === 'deposit' ? 'app.money.detail.title' : 'app.money.detail.titleWithdrawal')}
    >
      <div data-testid="money-detail" className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
        <dl className={gridStyle}>
          <Fact label={t('app.money.detail.lead')}>
            <PersonCell id={record.userId} />
          </Fact>
          <Fact label={t('app.money.detail.amount')}>
            <strong data-testid="detail-amount">{formatMoney(Number(record.amount ?? 0))}</strong>
          </Fact>
          <Fact label={t('app.money.detail.status')}>
            <MoneyStatusBadge entity={entity} status={record.status} />
          </Fact>
          {record.method ? (
            <Fact label={t('app.money.detail.method')}>
              {t(`app.money.methods.${String(record.method)}`, { defaultValue: String(record.method) })}
            </Fact>
          ) : null}
          {record.cardLast4 ? (
            <Fact label={t('app.money.detail.card')}>
              {record.cardBrand ? t(`app.money.brands.${String(record.cardBrand)}`) : ''} •••• {String(record.cardLast4)}
            </Fact>
          ) : null}
          <Fact label={t('app.money.detail.transactionId')}>
            <span data-testid="detail-transaction">{record.transactionId ? String(record.transactionId) : none}</span>
          </Fact>
          {reasonText ? (
            <Fact label={t('app.money.detail.reason')}>
              <span data-testid="detail-reason">{reasonText}</span>
            </Fact>
          ) : null}
          <Fact label={t('app.money.detail.created')}>{record.dateCreation ? formatDateTime(String(record.dateCreation)) : none}</Fact>
          {data ? (
            <Fact label={t('app.money.detail.enteredBy')}>
              <span data-testid="detail-entered-by">{who(data.enteredBy, none)}</span>
            </Fact>
          ) : null}
        </dl>
        {!online ? <OfflineNote text={t('app.money.detailMore.offline')} /> : null}
        {history.loading && online && !data ? <Spinner label={t('app.common.loading')} /> : null}
        {history.error ? (
          <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
            {t('app.money.detail.loadFailed', { error: history.error.message })}
          </p>
        ) : null}
        {data ? (
          <>
            <section aria-label={t('app.money.detail.history')}>
              <h3 className={css({ fontWeight: 'semibold', fontSize: 'sm', mb: '1' })}>{t('app.money.detail.history')}</h3>
              {data.events.length ? (
                <ol data-testid="detail-events" className={css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm' })}>
                  {data.events.map((event, i) => (
                    <li key={`${event.at}-${i}`}>
                      <strong>{eventWord(event.action)}</strong>
                      {event.to ? ` → ${t(`app.money.status.${event.to}`, { defaultValue: event.to })}` : ''}
                      {' · '}
                      {t('app.money.detail.at', { who: who(event.by, none), date: formatDateTime(event.at) })}
                      {event.reason ? (
                        <span data-testid="detail-event-reason">{` · ${t('app.money.detail.reason')}: ${event.reason}`}</span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className={termStyle}>{t('app.money.detail.noHistory')}</p>
              )}
            </section>
            <section aria-label={t('app.money.detail.entries')}>
              <h3 className={css({ fontWeight: 'semibold', fontSize: 'sm', mb: '1' })}>{t('app.money.detail.entries')}</h3>
              {data.entries.length ? (
                <table data-testid="detail-entries" className={css({ w: 'full', fontSize: 'sm', borderCollapse: 'collapse' })}>
                  <thead>
                    <tr className={termStyle}>
                      <th scope="col" className={css({ textAlign: 'start' })}>
                        {t('app.money.detailMore.account')}
                      </th>
                      <th scope="col" className={css({ textAlign: 'end' })}>
                        {t('app.money.billing.columns.amount')}
                      </th>
                      <th scope="col" className={css({ textAlign: 'end' })}>
                        {t('app.money.billing.columns.balance')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.entries.map((entry, i) => (
                      <tr key={i} className={css({ borderTopWidth: '1px', borderColor: 'border' })}>
                        <td className={css({ py: '1' })}>
                          {t(`app.money.accounts.${entry.account}`, {
                            defaultValue: t(`app.money.houseAccounts.${entry.account}`, { defaultValue: entry.account }),
                          })}
                          <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
                            {t(`app.money.kinds.${entry.kind}`, { defaultValue: entry.kind })} · {formatDateTime(entry.date)}
                          </span>
                        </td>
                        <td className={numberStyle}>{formatMoney(entry.amount)}</td>
                        <td className={numberStyle}>{formatMoney(entry.balance)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className={termStyle}>{t('app.money.detail.noEntries')}</p>
              )}
            </section>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
