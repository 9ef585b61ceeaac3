import { z } from 'zod';
import { timestamp, type RecordOf } from './entities/define-entity.ts';
import { wireShape } from './wire.ts';
import { THEME_COLORS } from './constants.ts';
import { money } from './money.ts';
import { bool, email, oneOf, optionalText, requiredText, tags, text } from './fields.ts';

/** The one company-wide settings record (SPEC.md §3); companyName required, valid email (§5). */
export const settingUpdateSchema = z
  .strictObject({
    theme: oneOf(THEME_COLORS),
    companyDescription: optionalText(5000),
    companyName: requiredText(200, 'validation.companyNameRequired'),
    street: optionalText(200),
    number: optionalText(20),
    zipCode: optionalText(20),
    city: optionalText(100),
    country: optionalText(64),
    phone: optionalText(32),
    email: email(),
    labels: tags(),
    qualifications: tags(),
    media: z.record(text(64), text(1000)).optional(),
    receiveEmails: bool(),
    receiveNotifications: bool(),
    /** Withdrawals above this amount need two staff approvals (DESIGN.md §6). */
    withdrawalApprovalThreshold: money(),
    /** Four eyes on money that staff create (DESIGN.md §6); only root switches it off. */
    fourEyes: bool(),
    /** Card deposits: the most one may carry, and the most one lead may deposit by card in 24 hours. */
    cardDepositMax: money(),
    cardDepositDailyMax: money(),
    /** Amounts above this ask once more before they are sent. */
    amountConfirmationLevel: money(),
  })
  .partial();
export type SettingUpdate = z.infer<typeof settingUpdateSchema>;

/** The settings record as GET /setting answers it: the editable fields in wire form, the logo and the common fields. */
export const settingRecordSchema = z
  .looseObject({
    id: z.uuid(),
    version: z.number().int(),
    dateCreation: timestamp(),
    dateLastUpdate: timestamp(),
    ...wireShape(settingUpdateSchema.shape, [], ['email']),
    logo: z.string().nullable(),
  })
  .meta({ id: 'SettingRecord' }) as unknown as z.ZodType<SettingRecord, unknown>;
export type SettingRecord = RecordOf<typeof settingUpdateSchema, never, 'email', { logo: z.ZodNullable<z.ZodString> }>;
