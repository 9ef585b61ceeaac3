import { proxy, ref } from 'valtio';
import type { ThemeColor } from '../../shared/constants.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';

/** The company-wide settings record as GET /setting returns it (SPEC.md §3). */
export type SettingRecord = {
  companyName?: string | null;
  companyDescription?: string | null;
  theme?: ThemeColor | null;
  logo?: string | null;
  email?: string | null;
  phone?: string | null;
  street?: string | null;
  number?: string | null;
  zipCode?: string | null;
  city?: string | null;
  country?: string | null;
  labels?: string[];
  qualifications?: string[];
  receiveEmails?: boolean;
  receiveNotifications?: boolean;
  version?: number;
};

export type SettingsState = { record: SettingRecord | null };

export const settings = proxy<SettingsState>({
  record: readJson<SettingRecord | null>(STORAGE_KEYS.settings, null),
});

export function setSettings(record: SettingRecord | null): void {
  settings.record = record ? ref(record) : null;
  writeJson(STORAGE_KEYS.settings, record);
}

/** SPEC.md §1: the page title is the company name, or 'Application' if none. */
export const pageTitle = (record: { readonly companyName?: string | null } | null | undefined): string =>
  record?.companyName?.trim() || 'Application';
