import { useSyncExternalStore } from 'react';
import { translate } from '../i18n/translate.ts';
import type { ApiError } from './http.ts';

/** The browser's own signal; the online-only flows of DESIGN.md §7 check it before calling. */
export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** What an online-only call made without a connection fails with (errors.OFFLINE, translated). */
export const offlineError = (): ApiError => ({ message: translate('errors.OFFLINE'), code: 'OFFLINE', status: 503, network: true });

/** Throws the translated OFFLINE error when there is no connection. */
export function requireOnline(): void {
  if (!isOnline()) throw offlineError();
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Re-renders when the connection comes and goes, so online-only buttons can say why they are off. */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true);
