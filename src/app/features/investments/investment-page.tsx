import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { mayOn } from '../../../shared/access.ts';
import { dividendMachine } from '../../../shared/lifecycle/machines.ts';
import { waitsForSecondPerson } from '../../../shared/lifecycle/four-eyes.ts';
import { isStaff } from '../../../shared/roles.ts';
import { useOnline } from '../../api/online-only.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { useMirrorTick, useRecord, useRecords } from '../../data/use-records.ts';
import { formatDate, formatDateTime, formatMoney } from '../../i18n/format.ts';
import { actionsFor, useActionViewer } from '../../lists/allowed-actions.ts';
import { PersonCell, usePerson } from '../../lists/person-cell.tsx';
import { auth } from '../../state/auth.ts';
import { Button, buttonRecipe } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { DayRangeControls, useDayRange } from '../../ui/day-range.tsx';
import { DividendActionDialog, DividendEntryDialog } from './dividend-dialogs.tsx';
import { WealthStatusBadge } from './investment-badges.tsx';
import { loadSchedule } from './investments-api.ts';
import { rateText } from './investments-screen.tsx';
import { ScheduleTable } from './schedule-table.tsx';

const factsStyle = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' },
  gap: { base: '0.5', sm: '1.5 4' },
  fontSize: 'sm',
});
const dtStyle = css({ color: 'fg.muted', mt: { base: '2', sm: '0' } });

/** The dividends of one period of days: `dateCreation` is a scheduled dividend's due date, a hand-entered one's entry. */
const rangeFilter = (range: { from: string; to: string }) => {
  const end = new Date(`${range.to}T00:00:00`);
  end.setDate(end.getDate() + 1);
  return {
    field: 'dateCreation',
    operator: 'between' as const,
    values: [new Date(`${range.from}T00:00:00`).toISOString(), end.toISOString()],
  };
};

/** Whoever entered a dividend, by name. */
function EnteredBy({ id }: { id: unknown }) {
  const person = usePerson(id);
  return <>{person?.name ?? '…'}</>;
}

/**
 * One investment (DESIGN.md §13): its facts, its schedule (every period: date, amount, paid or due;
 * the server's online, the shared function over the mirrored record offline, said so), its dividends
 * over a range of days, the hand-entered dividend (staff) and its complete or fail for a second person.
 */
export function InvestmentPage({ investmentId }: { investmentId: string }) {
  const { t } = useTranslation();
  const roles = useSnapshot(auth).user?.roles ?? [];
  const staff = isStaff(roles);
  const online = useOnline();
  const viewer = useActionViewer();
  const pulledAt = useMirrorTick();
  const { record, error, reload } = useRecord('investment', investmentId);
  const [token, setToken] = useState(0);
  const schedule = useFetch((signal) => loadSchedule(investmentId, signal), [investmentId, token, online, record?.version]);
  const days = useDayRange(365);
  const dividends = useRecords('dividend', {
    limit: 200,
    filters: [{ field: 'investmentId', values: [investmentId] }, ...(days.valid ? [rangeFilter(days.range)] : [])],
    sorts: [{ field: 'dateCreation', order: 'desc' }],
  });
  const [entering, setEntering] = useState(false);
  const [acting, setActing] = useState<{ dividend: EntityRecord; action: 'complete' | 'fail' } | null>(null);
  const back = (
    <Link to="/investments" className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
      ← {t('app.nav.investments')}
    </Link>
  );
  if (error)
    return (
      <>
        {back}
        <p role="alert" className={css({ color: 'error', mt: 'gap' })}>
          {error.message}
        </p>
      </>
    );
  if (!record) return back;
  const moved = () => (reload(), dividends.reload(), setToken((n) => n + 1));
  const mayEnter = staff && mayOn(roles, 'dividend', 'create') && record.status === 'active';
  return (
    <>
      {back}
      <PageHeader
        title={String(record.name ?? '')}
        actions={
          mayEnter ? (
            <Button variant="outline" onClick={() => setEntering(true)}>
              {t('app.investments.dividends.entry.open')}
            </Button>
          ) : null
        }
      />
      <div
        className={css({
          display: 'grid',
          gap: 'gap',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        })}
      >
        <Card title={t('app.investments.facts')}>
          <dl className={factsStyle} data-testid="investment-facts">
            {staff ? (
              <>
                <dt className={dtStyle}>{t('app.entities.investment.fields.userId')}</dt>
                <dd>
                  <PersonCell id={record.userId} />
                </dd>
              </>
            ) : null}
            <dt className={dtStyle}>{t('app.entities.investment.fields.initialAmount')}</dt>
            <dd data-testid="investment-amount">{formatMoney(Number(record.initialAmount ?? 0))}</dd>
            <dt className={dtStyle}>{t('app.entities.investment.fields.rentability')}</dt>
            <dd>{rateText(t, record.rentability)}</dd>
            <dt className={dtStyle}>{t('app.entities.investment.fields.dividendFrequency')}</dt>
            <dd>{t(`app.projects.frequency.${String(record.dividendFrequency)}`)}</dd>
            <dt className={dtStyle}>{t('app.fields.status')}</dt>
            <dd>
              <WealthStatusBadge entity="investment" status={record.status} />
            </dd>
            <dt className={dtStyle}>{t('app.entities.investment.fields.startDate')}</dt>
            <dd>{record.startDate ? formatDate(String(record.startDate)) : '—'}</dd>
            <dt className={dtStyle}>{t('app.entities.investment.fields.expirationDate')}</dt>
            <dd>{formatDate(String(record.expirationDate))}</dd>
            {staff && record.createdBy ? (
              <>
                <dt className={dtStyle}>{t('app.investments.enteredBy')}</dt>
                <dd>
                  <EnteredBy id={record.createdBy} />
                </dd>
              </>
            ) : null}
          </dl>
        </Card>
        <Card title={t('app.investments.schedule.title')}>
          {schedule.data?.fromMirror ? (
            <p role="status" className={css({ fontSize: 'xs', color: 'fg.muted', mb: '2' })} data-testid="schedule-mirror">
              {pulledAt ? t('app.investments.fromMirror', { date: formatDateTime(pulledAt) }) : t('app.investments.fromMirrorUnknown')}
            </p>
          ) : null}
          {schedule.error ? (
            <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
              {schedule.error.message}
            </p>
          ) : schedule.data ? (
            <ScheduleTable rows={schedule.data.rows} caption={t('app.investments.schedule.caption', { name: String(record.name ?? '') })} />
          ) : null}
        </Card>
      </div>
      <Card title={t('app.investments.dividends.title')}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <DayRangeControls {...days} />
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid="dividends-period">
            {t('app.investments.dividends.period', {
              from: formatDate(`${days.range.from}T00:00:00`),
              to: formatDate(`${days.range.to}T00:00:00`),
            })}
          </p>
          {dividends.error ? (
            <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
              {dividends.error.message}
            </p>
          ) : null}
          {!dividends.loading && !dividends.rows.length ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.investments.dividends.none')}</p>
          ) : null}
          <ul className={css({ display: 'flex', flexDir: 'column' })} data-testid="dividends">
            {dividends.rows.map((dividend) => {
              const actions = actionsFor(dividendMachine, dividend, viewer) as ('complete' | 'fail')[];
              const waiting = staff && waitsForSecondPerson(dividendMachine, dividend, viewer.fourEyes) && dividend.status === 'pending';
              const mine = waiting && dividend.createdBy === viewer.person;
              return (
                <li
                  key={dividend.id}
                  data-testid="dividend-row"
                  data-status={String(dividend.status)}
                  className={css({
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: '2',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    py: '2',
                    borderBottomWidth: '1px',
                    borderColor: 'border',
                  })}
                >
                  <span className={css({ display: 'flex', flexDir: 'column', minW: 0 })}>
                    <strong className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatMoney(Number(dividend.amount ?? 0))}</strong>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                      {dividend.period
                        ? t('app.investments.dividends.periodN', { n: dividend.period })
                        : t('app.investments.dividends.byHand')}{' '}
                      · {formatDate(String(dividend.dueDate ?? dividend.dateCreation))}
                      {staff && dividend.createdBy ? (
                        <>
                          {' · '}
                          {t('app.investments.dividends.enteredBy')} <EnteredBy id={dividend.createdBy} />
                        </>
                      ) : null}
                    </span>
                    {waiting ? (
                      <span className={css({ fontSize: 'xs', color: 'warning.fg' })} data-testid="second-person">
                        {mine ? t('app.investments.dividends.needsSomeoneElse') : t('app.investments.dividends.waiting')}
                      </span>
                    ) : null}
                  </span>
                  <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                    <WealthStatusBadge entity="dividend" status={dividend.status} />
                    {actions.map((action) => (
                      <Button
                        key={action}
                        size="sm"
                        variant={action === 'fail' ? 'outline' : 'solid'}
                        disabled={!online}
                        title={online ? undefined : t('app.money.needsConnection')}
                        onClick={() => setActing({ dividend, action })}
                      >
                        {t(`app.investments.dividends.actions.${action}`)}
                      </Button>
                    ))}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      </Card>
      {entering ? (
        <DividendEntryDialog investment={record} onClose={() => setEntering(false)} onDone={() => (setEntering(false), moved())} />
      ) : null}
      {acting ? <DividendActionDialog {...acting} onClose={() => setActing(null)} onDone={() => (setActing(null), moved())} /> : null}
    </>
  );
}
