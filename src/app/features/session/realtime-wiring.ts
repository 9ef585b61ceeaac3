import { onRealtime } from '../../realtime/socket.ts';
import { loadSettings } from './settings-actions.ts';

/** Settings are fetched again when a settingUpdated event arrives (SPEC.md §4). */
export function wireRealtime(): void {
  onRealtime('settingUpdated', () => void loadSettings().catch(() => undefined));
}
