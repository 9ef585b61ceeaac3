import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../styled-system/css';
import { auth } from '../state/auth.ts';
import { setSidebarItem } from '../state/ui.ts';
import { visibleEntries } from './nav-items.ts';

const linkStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  _compact: { py: '1' },
  borderRadius: 'md',
  fontSize: 'sm',
  color: 'fg',
  textDecoration: 'none',
  _hover: { bg: 'subtle' },
  '&[data-status=active]': { bg: 'primary.subtle', fontWeight: 'semibold', boxShadow: 'inset 3px 0 0 var(--bd-primary)' },
});

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(auth);
  const entries = visibleEntries(user?.roles ?? []);
  return (
    <nav aria-label={t('app.nav.label')} className={css({ display: 'flex', flexDir: 'column', gap: '0.5', p: '2' })}>
      {entries.map((entry) => (
        <Link
          key={entry.key}
          to={entry.to}
          className={linkStyle}
          activeOptions={{ exact: entry.to === '/' }}
          onClick={() => {
            setSidebarItem({ key: entry.key, label: t(`app.nav.${entry.key}`) });
            onNavigate?.();
          }}
        >
          {t(`app.nav.${entry.key}`)}
        </Link>
      ))}
    </nav>
  );
}
