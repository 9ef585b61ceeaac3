import { currentEngine } from '../offline/offline-state.ts';
import { onRealtime } from '../realtime/socket.ts';
import { loadSettings } from './settings-actions.ts';

/**
 * Settings are fetched again when a settingUpdated event arrives (SPEC.md §4); a `changes` event
 * pulls the delta into the local mirror at once (DESIGN.md §7).
 */
export function wireRealtime(): void {
  onRealtime('settingUpdated', () => void loadSettings().catch(() => undefined));
  onRealtime(
    'changes',
    () =>
      void currentEngine()
        ?.pull()
        .catch(() => undefined),
  );
}
