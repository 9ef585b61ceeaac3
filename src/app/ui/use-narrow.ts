import { useSyncExternalStore } from 'react';

/** Below Panda's `sm` breakpoint (640 px): a phone held upright, where a table's columns do not fit. */
const NARROW = '(max-width: 639.98px)';

const query = () => (typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(NARROW));

function subscribe(onChange: () => void) {
  const media = query();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** True on a narrow screen, and again on every rotation or resize across the breakpoint. */
export const useNarrow = () =>
  useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
