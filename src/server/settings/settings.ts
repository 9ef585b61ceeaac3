import { isStaff } from '../../shared/roles.ts';
import { PUBLIC_SETTING_KEYS } from '../../shared/setting-keys.ts';
import type { Executor } from '../db/client.ts';
import { settings } from '../db/schema.ts';

/**
 * The company settings as a service: the one record, read by the settings routes, the money rules
 * (withdrawal threshold, four eyes, card bounds) and start-up; and what each reader may see of it.
 */

export type SettingRow = typeof settings.$inferSelect;

/** The single company-wide record; made at first start. */
export async function currentSettings(db: Executor): Promise<SettingRow> {
  const [row] = await db.select().from(settings).limit(1);
  return row;
}

export async function ensureSettings(db: Executor, id: string) {
  if (!(await currentSettings(db))) await db.insert(settings).values({ id }).onConflictDoNothing();
}

/**
 * What a lead's app reads besides: the company's description and contact details, and the bounds its
 * money screens show (card limits, the amount that asks again, whether a second person completes
 * staff-entered money). Never the withdrawal threshold, the staff's labels and qualifications or the
 * company's mail switches.
 */
export const LEAD_SETTING_KEYS = [
  ...PUBLIC_SETTING_KEYS,
  'id',
  'version',
  'dateCreation',
  'dateLastUpdate',
  'companyDescription',
  'street',
  'number',
  'zipCode',
  'city',
  'country',
  'phone',
  'email',
  'media',
  'fourEyes',
  'cardDepositMax',
  'cardDepositDailyMax',
  'amountConfirmationLevel',
  'binaryOptionsEnabled',
] as const satisfies readonly (keyof SettingRow)[];

const pick = (row: SettingRow, keys: readonly (keyof SettingRow)[]): Partial<SettingRow> =>
  Object.fromEntries(keys.map((key) => [key, row[key]]));

/**
 * The settings as this reader may see them: the whole record for staff, the lead's part for a lead,
 * the login page's part for nobody signed in. GET /setting answers it; an event carrying settings
 * to a socket should send it too.
 */
export function settingsFor(reader: { roles: readonly string[] } | null | undefined, row: SettingRow): Partial<SettingRow> {
  if (reader && isStaff(reader.roles)) return row;
  return pick(row, reader ? LEAD_SETTING_KEYS : PUBLIC_SETTING_KEYS);
}
