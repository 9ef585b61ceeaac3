import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../styled-system/css';
import { AppHeader } from './app-header.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { Sidebar } from './sidebar.tsx';

/** The shell around every signed-in screen; `children` is the routed screen (or what stands in for it). */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDir: 'column' })}>
      <a
        href="#main"
        className={css({
          srOnly: true,
          _focus: { srOnly: false, position: 'absolute', top: '2', left: '2', bg: 'surface', p: '2', zIndex: 100 },
        })}
      >
        {t('app.nav.skip')}
      </a>
      <ImpersonationBanner />
      <AppHeader onMenu={() => setMenuOpen((open) => !open)} />
      <div className={css({ flex: '1', display: 'flex', minH: '0' })}>
        <aside
          className={cx(
            css({
              w: '60',
              _compact: { w: '52' },
              flexShrink: 0,
              bg: 'surface',
              borderRightWidth: '1px',
              borderColor: 'border',
              overflowY: 'auto',
              display: { base: 'none', lg: 'block' },
            }),
            menuOpen && css({ display: 'block', position: 'fixed', top: '14', bottom: '0', left: '0', zIndex: 30, boxShadow: 'xl' }),
          )}
        >
          <Sidebar onNavigate={() => setMenuOpen(false)} />
        </aside>
        <main id="main" tabIndex={-1} className={css({ flex: '1', minW: '0', p: 'pad', _focusVisible: { outline: 'none' } })}>
          {children}
        </main>
      </div>
    </div>
  );
}
