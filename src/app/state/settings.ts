import { proxy, ref } from 'valtio';
import type { AnswerOf } from '../../shared/contracts/common.ts';
import type { updateSettingContract } from '../../shared/contracts/platform.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';

/** The company-wide settings record as GET /setting answers it (SPEC.md §3), from its contract. */
export type SettingRecord = AnswerOf<typeof updateSettingContract>;

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
