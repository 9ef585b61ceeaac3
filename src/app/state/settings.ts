import { proxy, ref } from 'valtio';
import { PUBLIC_SETTING_KEYS } from '../../shared/setting-keys.ts';
import type { SettingView } from '../../shared/setting.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';

/**
 * The company-wide settings record as GET /setting answers it (SPEC.md §3): the part the reader may
 * see (signed out, what the login page shows; a lead, its app's part; staff, all), so any field may be absent.
 */
export type SettingRecord = SettingView;

export type SettingsState = { record: SettingRecord | null };

export const settings = proxy<SettingsState>({
  record: readJson<SettingRecord | null>(STORAGE_KEYS.settings, null),
});

export function setSettings(record: SettingRecord | null): void {
  settings.record = record ? ref(record) : null;
  writeJson(STORAGE_KEYS.settings, record);
}

/** Signed out: only what anyone may read stays on this device (the login page's name, logo and colour). */
export function keepPublicSettings(): void {
  const record = settings.record;
  setSettings(record ? Object.fromEntries(PUBLIC_SETTING_KEYS.filter((key) => key in record).map((key) => [key, record[key]])) : null);
}

/** SPEC.md §1: the page title is the company name, or 'Application' if none. */
export const pageTitle = (record: { readonly companyName?: string | null } | null | undefined): string =>
  record?.companyName?.trim() || 'Application';
