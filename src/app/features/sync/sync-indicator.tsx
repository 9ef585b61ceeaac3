import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css, cx } from '../../../../styled-system/css';
import { formatDateTime } from '../../i18n/format.ts';
import { currentEngine, offline } from '../../offline/offline-state.ts';
import { useOnline } from '../../api/online-only.ts';
import { ui } from '../../state/ui.ts';
import { Button, buttonRecipe } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Popover } from '../../ui/popover.tsx';
import { signInAgain } from '../../session/session.ts';
import { formatBytes, syncSummary, type SyncSummary } from './sync-summary.ts';

const TONE_COLOR: Record<SyncSummary['tone'], string> = {
  ok: css({ color: 'success' }),
  muted: css({ color: 'fg.muted' }),
  warning: css({ color: 'warning' }),
  error: css({ color: 'error' }),
};

const countStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: '5',
  h: '5',
  px: '1.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'bold',
  borderWidth: '1px',
});
/** On phones a count sits on the icon's corner (the header has little room); inline from md up. */
const cornerStyle = css({
  position: { base: 'absolute', md: 'static' },
  top: '0',
  right: '0',
  minW: { base: '4', md: '5' },
  h: { base: '4', md: '5' },
  px: { base: '1', md: '1.5' },
  fontSize: { base: '2xs', md: 'xs' },
});
/** A small ghost button, narrower on phones (merged in one css() call, so the padding does not fight the recipe's). */
const compactButton = css(buttonRecipe.raw({ variant: 'ghost', size: 'sm' }), {
  position: 'relative',
  px: { base: '2', md: '3' },
  color: 'fg',
});
const textStyle = css({ display: { base: 'none', md: 'inline' } });
const lineStyle = css({ fontSize: 'sm', maxW: '72' });

/**
 * The header's sync indicator (DESIGN.md §7): online or offline, changes not sent yet, syncing, sync
 * issues (a link to their screen) and storage trouble. Its popover says it in words and syncs on demand.
 */
export function SyncIndicator() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location.href });
  const browserOnline = useOnline();
  const state = useSnapshot(offline);
  const { localLanguage } = useSnapshot(ui);
  const summary = syncSummary(state.status, browserOnline, state.storage);
  // A long pull (the first sync) says how far it has come: records on the device and a share (issue 28).
  const progress = summary.state === 'syncing' ? (state.status?.progress ?? null) : null;
  const stateLabel =
    progress?.percent != null ? t('app.sync.syncingPercent', { percent: progress.percent }) : t(`app.sync.${summary.state}`);
  // What the button says: the connection, unless the device is full or the session expired.
  const buttonLabel = summary.quota ? t('app.sync.storageFull') : summary.paused ? t('app.sync.sessionExpired') : stateLabel;
  // The button speaks of the connection and the device; sync issues have their own link beside it.
  const trouble = summary.quota ? 'error' : summary.paused || summary.failed || summary.nearlyFull !== null ? 'warning' : null;
  const buttonTone: SyncSummary['tone'] = trouble ?? (summary.state === 'offline' ? 'muted' : 'ok');
  const icon = trouble ? 'alert' : summary.state === 'offline' ? 'cloudOff' : summary.state === 'syncing' ? 'refresh' : 'cloud';
  const described = [
    stateLabel,
    summary.paused ? t('app.sync.paused') : null,
    summary.pending ? t('app.sync.pending', { count: summary.pending }) : null,
    summary.issues ? t('app.sync.issues', { count: summary.issues }) : null,
    summary.quota ? t('app.sync.quota') : null,
  ]
    .filter(Boolean)
    .join('. ');
  return (
    <div
      className={css({ display: 'flex', alignItems: 'center', gap: { base: '0', md: '1' } })}
      data-testid="sync-indicator"
      data-state={summary.state}
      data-pending={summary.pending}
      data-issues={summary.issues}
    >
      <Popover
        title={t('app.sync.label')}
        trigger={
          <button type="button" aria-label={`${t('app.sync.label')}: ${described}`} data-testid="sync-status" className={compactButton}>
            <span className={cx(css({ display: 'inline-flex' }), TONE_COLOR[buttonTone])}>
              <Icon name={icon} className={summary.state === 'syncing' ? css({ animation: 'spin 1.2s linear infinite' }) : undefined} />
            </span>
            <span className={textStyle}>{buttonLabel}</span>
            {summary.pending ? (
              <span
                className={cx(countStyle, cornerStyle, css({ bg: 'warning.subtle', borderColor: 'warning', color: 'fg' }))}
                data-testid="sync-pending"
              >
                <span aria-hidden className={css({ display: { base: 'inline', md: 'none' } })}>
                  {summary.pending}
                </span>
                <span className={textStyle}>{t('app.sync.pendingBadge', { count: summary.pending })}</span>
              </span>
            ) : null}
          </button>
        }
      >
        <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          <p className={lineStyle}>{summary.state === 'offline' ? t('app.sync.offlineText') : stateLabel}</p>
          {progress ? (
            <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })} data-testid="sync-progress">
              {progress.percent != null ? (
                <progress
                  max={100}
                  value={progress.percent}
                  aria-label={stateLabel}
                  className={css({ w: 'full', h: '2', accentColor: 'primary' })}
                />
              ) : null}
              <p className={cx(lineStyle, css({ color: 'fg' }))}>{t('app.sync.progress', { count: progress.records })}</p>
              <p className={cx(lineStyle, css({ color: 'fg.muted' }))}>{t('app.sync.progressUsable')}</p>
            </div>
          ) : null}
          {state.unavailable ? <p className={cx(lineStyle, css({ color: 'error' }))}>{t('app.sync.unavailable')}</p> : null}
          {summary.quota ? (
            <p role="alert" className={cx(lineStyle, css({ color: 'error', fontWeight: 'medium' }))}>
              {t('app.sync.quota')}
            </p>
          ) : null}
          {summary.paused ? (
            <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', alignItems: 'start' })}>
              <p className={cx(lineStyle, css({ color: 'fg' }))}>{t('app.sync.paused')}</p>
              <Button
                size="sm"
                onClick={() => {
                  signInAgain();
                  void navigate({ to: '/login', search: { redirect: location } });
                }}
              >
                {t('app.sync.signInAgain')}
              </Button>
            </div>
          ) : null}
          <p className={lineStyle}>{summary.pending ? t('app.sync.pending', { count: summary.pending }) : t('app.sync.allSent')}</p>
          {summary.issues ? (
            <Link to="/sync-issues" className={cx(lineStyle, css({ color: 'fg', fontWeight: 'semibold', textDecoration: 'underline' }))}>
              {t('app.sync.issues', { count: summary.issues })}
            </Link>
          ) : null}
          {summary.failed ? (
            <p className={cx(lineStyle, css({ color: 'fg.muted' }))}>{t('app.sync.failed', { error: summary.failed })}</p>
          ) : null}
          {summary.nearlyFull !== null && !summary.quota ? (
            <p className={cx(lineStyle, css({ color: 'fg' }))}>{t('app.sync.nearlyFull', { percent: summary.nearlyFull })}</p>
          ) : null}
          <p className={cx(lineStyle, css({ color: 'fg.muted' }))}>
            {state.status?.lastPulledAt
              ? t('app.sync.lastSynced', { time: formatDateTime(state.status.lastPulledAt, localLanguage) })
              : t('app.sync.neverSynced')}
          </p>
          {state.storage ? (
            <p className={cx(lineStyle, css({ color: 'fg.muted' }))}>
              {t('app.sync.storage', {
                usage: formatBytes(state.storage.usage, localLanguage),
                quota: formatBytes(state.storage.quota, localLanguage),
              })}
              {state.persisted === null ? null : ` ${state.persisted ? t('app.sync.persisted') : t('app.sync.notPersisted')}`}
            </p>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            disabled={summary.state === 'offline' || summary.paused || !state.engine}
            onClick={() => {
              const engine = currentEngine();
              engine?.wake();
              void engine?.pull().catch(() => undefined);
            }}
          >
            <Icon name="refresh" size={14} />
            {t('app.sync.syncNow')}
          </Button>
        </div>
      </Popover>
      {summary.issues ? (
        <Link
          to="/sync-issues"
          className={compactButton}
          aria-label={t('app.sync.issues', { count: summary.issues })}
          title={t('app.sync.openIssues')}
          data-testid="sync-issues-link"
        >
          <span className={css({ display: 'inline-flex', color: 'error' })}>
            <Icon name="alert" />
          </span>
          <span className={cx(countStyle, cornerStyle, css({ bg: 'error.subtle', borderColor: 'error', color: 'fg' }))}>
            {summary.issues}
          </span>
        </Link>
      ) : null}
    </div>
  );
}
