import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../styled-system/css';
import { AppHeader } from './app-header.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { Sidebar } from './sidebar.tsx';

/** The shell around every signed-in screen; `children` is the routed screen (or what stands in for it). */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const drawer = useRef<HTMLElement>(null);
  useClosesOnFloating(menuOpen, drawer, () => setMenuOpen(false));
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
          ref={drawer}
          data-drawer-open={menuOpen || undefined}
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

/** What Ark UI marks as an open floating layer (in a portal): a popover, menu, select or combobox list, a dialog. */
const FLOATING = ['popover', 'menu', 'select', 'combobox', 'dialog', 'date-picker']
  .map((scope) => `[data-scope="${scope}"][data-part="content"][data-state="open"]`)
  .join(', ');

/**
 * The phone's navigation drawer steps aside when a popover or menu opens, from the drawer or from the
 * page (or the header): it would cover it otherwise. One observer, only while the drawer is open.
 */
function useClosesOnFloating(open: boolean, drawer: React.RefObject<HTMLElement | null>, close: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const observer = new MutationObserver(() => {
      if (document.querySelector(FLOATING)) closeRef.current();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    const outside = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (target && !drawer.current?.contains(target) && !target.closest('[data-menu-toggle]')) closeRef.current();
    };
    document.addEventListener('pointerdown', outside);
    return () => {
      observer.disconnect();
      document.removeEventListener('pointerdown', outside);
    };
  }, [open, drawer]);
}
