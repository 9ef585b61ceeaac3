import type { SettingUpdate } from '../../shared/setting.ts';
import { http } from '../api/client.ts';
import { runOp } from '../state/ops.ts';
import { setSettings, type SettingRecord } from '../state/settings.ts';
import { i18next } from '../i18n/i18n.ts';
import { requireOnline } from '../api/online-only.ts';

/** GET /setting is public: the login screen already shows the company's name and colour. */
export async function loadSettings(): Promise<SettingRecord> {
  const record = await runOp('settings.load', () => http<SettingRecord>('/v1/setting'), { toast: false });
  setSettings(record);
  return record;
}

/**
 * Saving re-applies the setting theme only when the user has none of their own (SPEC.md §4);
 * look.ts resolves the colour from both records, which gives exactly that.
 */
export async function saveSettings(changes: SettingUpdate): Promise<SettingRecord> {
  const record = await runOp('settings.save', () => http<SettingRecord>('/v1/setting', { method: 'PATCH', body: changes }), {
    toast: (error) => i18next.t('app.settings.saveFailed', { error: error.message }),
  });
  setSettings(record);
  return record;
}

export async function uploadLogo(file: File): Promise<SettingRecord> {
  const body = new FormData();
  body.append('file', file);
  const record = await runOp(
    'settings.logo',
    () => {
      requireOnline();
      return http<SettingRecord>('/v1/setting/logo', { method: 'POST', body });
    },
    {
      toast: (error) => (error.code === 'OFFLINE' ? error.message : i18next.t('app.settings.logoFailed')),
    },
  );
  setSettings(record);
  return record;
}
