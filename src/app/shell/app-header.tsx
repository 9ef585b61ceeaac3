import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../styled-system/css';
import { LANGUAGES } from '../../shared/constants.ts';
import { mayOpen } from '../../shared/access.ts';
import { setLanguage } from '../i18n/i18n.ts';
import { LANGUAGE_NAMES } from '../i18n/languages.ts';
import { toggleCompact, ui } from '../state/ui.ts';
import { saveOwnMode } from '../session/profile-actions.ts';
import { auth } from '../state/auth.ts';
import { settings, pageTitle } from '../state/settings.ts';
import { Button, buttonRecipe } from '../ui/button.tsx';
import { Menu } from '../ui/menu.tsx';
import { useLogoutFlow } from '../session/logout-flow.tsx';
import { SyncIndicator } from '../features/sync/sync-indicator.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { LookControls } from './look-controls.tsx';
import { Icon } from '../ui/icons.tsx';

/** Header of SPEC.md §2: home, admin, logout, profile, platform. */
export function AppHeader({ onMenu }: { onMenu: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSnapshot(auth);
  const { record } = useSnapshot(settings);
  const { mode, language } = useSnapshot(ui);
  const roles = user?.roles ?? [];
  const logoutFlow = useLogoutFlow(() => void navigate({ to: '/login' }));
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email || '';
  // On phones and tablets the text links move into the account menu; the header keeps what fits (at
  // 820 px they squeezed the language to "Er"). One css() call: two atomic classes for `display` (the
  // recipe's and this one) would win by stylesheet order, not intent.
  const linkButton = css(buttonRecipe.raw({ variant: 'ghost', size: 'sm' }), { display: { base: 'none', lg: 'inline-flex' } });
  return (
    <header
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '2',
        px: '3',
        h: '14',
        _compact: { h: '11' },
        bg: 'surface',
        borderBottomWidth: '1px',
        borderColor: 'border',
        position: 'sticky',
        top: '0',
        zIndex: 20,
      })}
    >
      <Button
        variant="ghost"
        size="sm"
        onClick={onMenu}
        data-menu-toggle
        aria-label={t('app.header.menu')}
        className={css({ lg: { display: 'none' } })}
      >
        <Icon name="menu" />
      </Button>
      <Link
        to="/"
        // On a phone the name is hidden: the link still needs one.
        aria-label={pageTitle(record)}
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '2',
          fontWeight: 'bold',
          color: 'fg',
          textDecoration: 'none',
          minW: '0',
        })}
      >
        <img
          src={record?.logo || '/icon-192.png'}
          alt=""
          width={28}
          height={28}
          className={css({ borderRadius: 'md', objectFit: 'contain' })}
        />
        <span
          className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: { base: 'none', sm: 'inline' } })}
        >
          {pageTitle(record)}
        </span>
      </Link>
      <nav aria-label={t('app.header.label')} className={css({ display: 'flex', alignItems: 'center', gap: '1', ms: 'auto' })}>
        <Link to="/" className={linkButton} activeOptions={{ exact: true }}>
          {t('app.header.home')}
        </Link>
        {mayOpen(roles, 'users') ? (
          <Link to="/users" className={linkButton}>
            {t('app.header.admin')}
          </Link>
        ) : null}
        <Link to="/platform" className={linkButton}>
          {t('app.header.platform')}
        </Link>
        <SyncIndicator />
        <NotificationBell />
        {/* On phones language, dark mode and density move into the account menu too. */}
        <span className={css({ display: { base: 'none', sm: 'contents' } })}>
          <LookControls saveMode={saveOwnMode} />
        </span>
        <Menu
          trigger={
            <Button
              variant="outline"
              size="sm"
              data-testid="user-menu"
              aria-label={t('app.header.account', { name })}
              className={css({ maxW: { base: '28', sm: '60' } })}
            >
              <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis' })}>{name}</span>
            </Button>
          }
          items={[
            { value: 'home', label: t('app.header.home'), onSelect: () => void navigate({ to: '/' }) },
            ...(mayOpen(roles, 'users')
              ? [{ value: 'admin', label: t('app.header.admin'), onSelect: () => void navigate({ to: '/users' }) }]
              : []),
            { value: 'platform', label: t('app.header.platform'), onSelect: () => void navigate({ to: '/platform' }) },
            { value: 'profile', label: t('app.header.profile'), onSelect: () => void navigate({ to: '/profile' }) },
            { value: 'settings', label: t('app.nav.settings'), onSelect: () => void navigate({ to: '/settings' }) },
            {
              value: 'mode',
              label: mode === 'dark' ? t('app.header.lightMode') : t('app.header.darkMode'),
              onSelect: () => void saveOwnMode(mode === 'dark' ? 'light' : 'dark'),
            },
            { value: 'compact', label: t('app.header.compact'), onSelect: toggleCompact },
            ...LANGUAGES.filter((lang) => lang !== language).map((lang) => ({
              value: `lang:${lang}`,
              label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>,
              onSelect: () => void setLanguage(lang),
            })),
            {
              value: 'logout',
              label: t('app.header.logout'),
              onSelect: () => void logoutFlow.request(),
            },
          ]}
        />
      </nav>
      {logoutFlow.dialog}
    </header>
  );
}
