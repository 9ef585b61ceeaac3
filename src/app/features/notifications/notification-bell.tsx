import { useEffect, useState, type ReactNode } from 'react';
import { Popover as ArkPopover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { auth } from '../../state/auth.ts';
import { notificationTarget } from './notification-target.ts';
import { css, cx } from '../../../../styled-system/css';
import type { EntityRecord } from '../../data/entity-store.ts';
import { entityStore } from '../../data/stores.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { runOp } from '../../state/ops.ts';
import { buttonRecipe } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { floatingStyle } from '../../ui/popover-styles.ts';
import { useRecords } from '../../data/use-records.ts';

const POLL_MS = 60_000;
const UNREAD = [{ field: 'read', values: [false] }];

/** A notification's text: its title is an i18n key (`app.notifications.*`) with `data` as parameters. */
export function useNotificationText() {
  const { t, i18n } = useTranslation();
  return (n: EntityRecord) => {
    const key = String(n.title ?? '');
    const params = (n.data && typeof n.data === 'object' ? n.data : {}) as Record<string, unknown>;
    return i18n.exists(key) ? t(key, params) : key;
  };
}

/** The header's notifications (issue 5): unread count, the latest ones, mark as read. */
export function NotificationBell() {
  const { t } = useTranslation();
  const text = useNotificationText();
  const [open, setOpen] = useState(false);
  const unread = useRecords('notification', { limit: 1, filters: UNREAD });
  const latest = useRecords('notification', { limit: 20 }, open);
  const { reload: reloadUnread } = unread;
  // The HTTP store has no change signal: look again now and then, and whenever the list opens.
  useEffect(() => {
    const timer = setInterval(reloadUnread, POLL_MS);
    return () => clearInterval(timer);
  }, [reloadUnread]);
  const count = unread.count ?? 0;
  const reloadBoth = () => {
    unread.reload();
    latest.reload();
  };
  const markRead = (rows: EntityRecord[]) =>
    void runOp('notification.read', async () => {
      for (const row of rows) await entityStore('notification').update(row.id, { read: true }, row.version);
    })
      .then(reloadBoth)
      .catch(() => undefined);
  const unreadRows = latest.rows.filter((n) => !n.read);
  const roles = useSnapshot(auth).user?.roles ?? [];

  return (
    <ArkPopover.Root open={open} onOpenChange={(d) => (setOpen(d.open), d.open && reloadBoth())} positioning={{ placement: 'bottom-end' }}>
      <ArkPopover.Trigger
        className={cx(buttonRecipe({ variant: 'ghost', size: 'sm' }), css({ position: 'relative' }))}
        aria-label={t('app.notifications.open', { count })}
        data-testid="notifications"
      >
        <Icon name="bell" />
        {count > 0 ? (
          <span
            aria-hidden
            data-testid="notifications-count"
            className={css({
              position: 'absolute',
              top: '0',
              insetInlineEnd: '0',
              minW: '4.5',
              h: '4.5',
              px: '1',
              borderRadius: 'full',
              bg: 'error',
              color: 'onTone',
              fontSize: '2xs',
              fontWeight: 'bold',
              display: 'grid',
              placeItems: 'center',
              lineHeight: '1',
            })}
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </ArkPopover.Trigger>
      <Portal>
        <ArkPopover.Positioner>
          <ArkPopover.Content
            className={cx(floatingStyle, css({ w: '22rem', maxW: 'calc(100vw - 1rem)', p: '0', display: 'flex', flexDir: 'column' }))}
          >
            <div
              className={css({
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: '2',
                px: '3',
                py: '2',
                borderBottomWidth: '1px',
                borderColor: 'border',
              })}
            >
              <ArkPopover.Title className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
                {t('app.notifications.title')}
              </ArkPopover.Title>
              {unreadRows.length ? (
                <button type="button" className={buttonRecipe({ variant: 'ghost', size: 'sm' })} onClick={() => markRead(unreadRows)}>
                  {t('app.notifications.markAllRead')}
                </button>
              ) : null}
            </div>
            {latest.rows.length === 0 && !latest.loading ? (
              <p className={css({ p: '3', fontSize: 'sm', color: 'fg.muted' })}>{t('app.notifications.empty')}</p>
            ) : null}
            <ul aria-label={t('app.notifications.title')} className={css({ listStyle: 'none', maxH: '24rem', overflowY: 'auto' })}>
              {latest.rows.map((n) => (
                <li
                  key={n.id}
                  className={css({
                    display: 'flex',
                    gap: '2',
                    alignItems: 'start',
                    px: '3',
                    py: '2',
                    borderBottomWidth: '1px',
                    borderColor: 'border',
                    bg: n.read ? 'transparent' : 'primary.subtle',
                  })}
                >
                  <div className={css({ flex: '1', minW: '0', display: 'flex', flexDir: 'column', gap: '0.5' })}>
                    <NoticeText
                      target={notificationTarget(n, roles)}
                      onOpen={() => {
                        setOpen(false);
                        if (!n.read) markRead([n]);
                      }}
                      className={css({ fontSize: 'sm', fontWeight: n.read ? 'normal' : 'semibold', overflowWrap: 'anywhere' })}
                    >
                      {!n.read ? <span className={css({ srOnly: true })}>{t('app.notifications.unread')}: </span> : null}
                      {text(n)}
                    </NoticeText>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                      {n.dateCreation ? formatDateTime(n.dateCreation) : ''}
                    </span>
                  </div>
                  {!n.read ? (
                    <button type="button" className={buttonRecipe({ variant: 'outline', size: 'sm' })} onClick={() => markRead([n])}>
                      {t('app.notifications.markRead')}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </ArkPopover.Content>
        </ArkPopover.Positioner>
      </Portal>
    </ArkPopover.Root>
  );
}

/** A notification's text: a link to the record it is about when it is about one, plain text otherwise. */
function NoticeText({
  target,
  onOpen,
  className,
  children,
}: {
  target: ReturnType<typeof notificationTarget>;
  onOpen: () => void;
  className: string;
  children: ReactNode;
}) {
  if (!target) return <span className={className}>{children}</span>;
  return (
    <Link
      to={target.to}
      params={target.params as never}
      search={target.search as never}
      onClick={onOpen}
      data-testid="notification-link"
      className={cx(className, css({ color: 'fg', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'primary' } }))}
    >
      {children}
    </Link>
  );
}
