import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css, cx } from '../../../../styled-system/css';
import { useFieldLabel } from '../../forms/form-fields.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import type { OfflineEngine } from '../../offline/engine.ts';
import { offline } from '../../offline/offline-state.ts';
import type { OutboxEntry } from '../../offline/outbox-types.ts';
import { runOp } from '../../state/ops.ts';
import { showToast, ui } from '../../state/ui.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { displayValue, issueView } from './issue-view.ts';

const cardStyle = css({
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  p: 'pad',
  display: 'flex',
  flexDir: 'column',
  gap: '3',
});
const cellStyle = css({
  textAlign: 'start',
  px: '2',
  py: '1.5',
  borderBottomWidth: '1px',
  borderColor: 'border',
  verticalAlign: 'top',
  wordBreak: 'break-word',
});

/**
 * The "sync issues" screen (DESIGN.md §7): every conflict and dead letter of the outbox, with the
 * server's message, what I changed (and for a conflict, the server's version beside mine), and what
 * to do: keep mine / take theirs, or try again / discard. Nothing leaves without a decision.
 */
export function SyncIssuesScreen() {
  const { t } = useTranslation();
  const { engine } = useSnapshot(offline);
  const issues = useLiveQuery(async (): Promise<OutboxEntry[] | null> => (engine ? engine.issues() : null), [engine]);
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap', maxW: '4xl' })}>
      <PageHeader title={t('app.syncIssues.title')} />
      <p className={css({ color: 'fg.muted', mt: '-2' })}>{t('app.syncIssues.intro')}</p>
      {!engine ? (
        <p>{t('app.syncIssues.notReady')}</p>
      ) : issues === undefined ? (
        <p>{t('app.common.loading')}</p>
      ) : !issues?.length ? (
        <p className={cx(cardStyle, css({ color: 'fg.muted' }))} data-testid="sync-issues-empty">
          {t('app.syncIssues.empty')}
        </p>
      ) : (
        <ul className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })} aria-label={t('app.syncIssues.title')}>
          {issues.map((entry) => (
            <li key={entry.seq}>
              <IssueCard entry={entry} engine={engine as OfflineEngine} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function IssueCard({ entry, engine }: { entry: OutboxEntry; engine: OfflineEngine }) {
  const { t } = useTranslation();
  const { localLanguage } = useSnapshot(ui);
  const label = useFieldLabel(entry.entity);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const view = issueView(entry);
  const conflict = view.state === 'conflict';
  const entityName = t(`app.entities.${entry.entity}.one`);
  const kind = t(`app.syncIssues.kind.${entry.kind}`, { count: view.count });
  const heading = [kind, entityName, view.title].filter(Boolean).join(' · ');
  const act = (name: string, work: () => Promise<void>, done: string) => {
    setBusy(true);
    void runOp(`sync.${name}`, work)
      .then(() => showToast(t(done), 'success'))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const yes = t('app.common.yes');
  const no = t('app.common.no');
  return (
    <article className={cardStyle} aria-label={heading} data-testid="sync-issue" data-state={view.state}>
      <header className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <Badge tone={conflict ? 'warning' : 'error'}>{conflict ? t('app.syncIssues.conflict') : t('app.syncIssues.dead')}</Badge>
        <h2 className={css({ fontWeight: 'semibold', fontSize: 'md' })}>{heading}</h2>
        <span className={css({ ms: 'auto', color: 'fg.muted', fontSize: 'xs' })}>
          {t('app.syncIssues.madeAt', { time: formatDateTime(entry.createdAt, localLanguage) })}
        </span>
      </header>
      <p className={css({ fontSize: 'sm' })}>
        {conflict
          ? t('app.syncIssues.conflictText')
          : entry.dependsOn !== undefined
            ? t('app.syncIssues.dependencyText')
            : t('app.syncIssues.deadText')}
      </p>
      {entry.error?.message ? (
        <div
          className={css({
            borderLeftWidth: '3px',
            borderColor: conflict ? 'warning' : 'error',
            bg: 'subtle',
            px: '3',
            py: '2',
            borderRadius: 'sm',
            fontSize: 'sm',
          })}
        >
          <span className={css({ fontWeight: 'semibold' })}>{t('app.syncIssues.serverSaid')}: </span>
          <span data-testid="sync-issue-message">{entry.error.message}</span>
        </div>
      ) : null}
      {view.deletedMine ? <p className={css({ fontSize: 'sm' })}>{t('app.syncIssues.deletedMine')}</p> : null}
      {view.goneTheirs ? <p className={css({ fontSize: 'sm' })}>{t('app.syncIssues.goneTheirs')}</p> : null}
      {view.count > 1 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.syncIssues.records', { count: view.count })}</p>
      ) : null}
      {view.rows.length ? (
        <div className={css({ overflowX: 'auto' })}>
          <table className={css({ w: 'full', fontSize: 'sm', borderCollapse: 'collapse' })}>
            <caption className={css({ srOnly: true })}>{t('app.syncIssues.changes')}</caption>
            <thead className={css({ bg: 'subtle' })}>
              <tr>
                <th scope="col" className={cellStyle}>
                  {t('app.syncIssues.field')}
                </th>
                <th scope="col" className={cellStyle}>
                  {t('app.syncIssues.mine')}
                </th>
                {conflict && !view.goneTheirs ? (
                  <th scope="col" className={cellStyle}>
                    {t('app.syncIssues.theirs')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <tr key={row.field} data-differs={row.differs || undefined}>
                  <th scope="row" className={cx(cellStyle, css({ fontWeight: 'medium', color: 'fg.muted' }))}>
                    {label(row.field)}
                  </th>
                  <td className={cx(cellStyle, row.differs ? css({ fontWeight: 'semibold' }) : undefined)}>
                    {displayValue(row.mine, yes, no)}
                  </td>
                  {conflict && !view.goneTheirs ? (
                    <td className={cx(cellStyle, row.differs ? css({ fontWeight: 'semibold' }) : undefined)}>
                      {displayValue(row.theirs, yes, no)}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
        {conflict ? (
          <>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => act('takeTheirs', () => engine.takeTheirs(entry.seq!), 'app.syncIssues.tookTheirs')}
            >
              {t('app.syncIssues.takeTheirs')}
            </Button>
            <Button disabled={busy} onClick={() => act('keepMine', () => engine.keepMine(entry.seq!), 'app.syncIssues.keptMine')}>
              {t('app.syncIssues.keepMine')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
              {t('app.syncIssues.discard')}
            </Button>
            {/* Built on a refused create: it goes again only with that create (its own Try again). */}
            {entry.dependsOn === undefined ? (
              <Button disabled={busy} onClick={() => act('retry', () => engine.retry(entry.seq!), 'app.syncIssues.retried')}>
                {t('app.syncIssues.retry')}
              </Button>
            ) : null}
          </>
        )}
      </div>
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(false)}
          title={t('app.syncIssues.discardTitle')}
          description={t('app.syncIssues.discardText')}
          confirmLabel={t('app.syncIssues.discard')}
          danger
          onConfirm={() => {
            setConfirming(false);
            act('discard', () => engine.discard(entry.seq!), 'app.syncIssues.discarded');
          }}
        />
      ) : null}
    </article>
  );
}
