import type { SettingRecord } from './setting.ts';

/**
 * What anyone may read of the company settings, signed in or not: what the login page shows
 * (CHECKLIST.md 16). Apart from setting.ts so the login page's small chunk carries no zod.
 */
export const PUBLIC_SETTING_KEYS = ['companyName', 'logo', 'theme'] as const satisfies readonly (keyof SettingRecord)[];
