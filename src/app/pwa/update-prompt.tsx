import { useEffect, useState } from 'react';
import { useTranslator } from '../i18n/translate.ts';
import type { Workbox } from 'workbox-window';
import { css } from '../../../styled-system/css';
import { Button } from '../ui/button.tsx';

/**
 * Registers the service worker and, when a new version waits, offers it. Nothing reloads
 * until the person says so, so an edit in progress is never lost.
 */
export function UpdatePrompt() {
  const { t } = useTranslator();
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    // After the page has loaded and gone idle: the service worker never competes with the first screen.
    const start = () =>
      void import('workbox-window').then(({ Workbox }) => {
        if (cancelled) return;
        const wb = new Workbox('/sw.js');
        wb.addEventListener('waiting', () => setWaiting(wb));
        void wb.register().catch(() => undefined);
      });
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 1000));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', idle);
    };
  }, []);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className={css({
        position: 'fixed',
        insetInlineStart: '4',
        bottom: '4',
        zIndex: 70,
        bg: 'surface',
        color: 'fg',
        borderWidth: '1px',
        borderColor: 'primary',
        borderRadius: 'md',
        boxShadow: 'xl',
        px: '4',
        py: '3',
        display: 'flex',
        gap: '3',
        alignItems: 'center',
        flexWrap: 'wrap',
        maxW: 'md',
      })}
    >
      <span className={css({ fontSize: 'sm' })}>{t('app.pwa.updateAvailable')}</span>
      <Button
        size="sm"
        onClick={() => {
          waiting.addEventListener('controlling', () => window.location.reload());
          waiting.messageSkipWaiting();
        }}
      >
        {t('app.pwa.update')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setWaiting(null)}>
        {t('app.pwa.later')}
      </Button>
    </div>
  );
}
