import { z } from 'zod';
import { timestamp, type RecordOf } from './entities/define-entity.ts';
import { wireShape } from './wire.ts';
import { THEME_COLORS } from './constants.ts';
import { money } from './money.ts';
import { cardLimitField } from './money/card-deposit.ts';
import { bool, email, oneOf, optionalText, requiredText, requiredUrl, tags, text } from './fields.ts';

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
    /** Links to the company's pages elsewhere (name → address): https: or its own uploads only. */
    media: z.record(text(64), requiredUrl()).optional(),
    receiveEmails: bool(),
    receiveNotifications: bool(),
    /** Withdrawals above this amount need two staff approvals (DESIGN.md §6). */
    withdrawalApprovalThreshold: money(),
    /** Four eyes on money that staff create (DESIGN.md §6); only root switches it off. */
    fourEyes: bool(),
    /** Card deposits: the most one may carry, and the most one lead may deposit by card in 24 hours. */
    cardDepositMax: cardLimitField(),
    cardDepositDailyMax: cardLimitField(),
    /** Amounts above this ask once more before they are sent. */
    amountConfirmationLevel: money(),
    /** Binary options are banned for EU retail clients (ESMA, 2018): offered only when on, to leads labelled binary_options (admins switch it). */
    binaryOptionsEnabled: bool(),
  })
  .partial();
export type SettingUpdate = z.infer<typeof settingUpdateSchema>;

/** The whole settings record (PATCH and the logo upload answer it; staff read it): the editable fields in wire form, the logo and the common fields. */
const settingRecordObject = z.looseObject({
  id: z.uuid(),
  version: z.number().int(),
  dateCreation: timestamp(),
  dateLastUpdate: timestamp(),
  ...wireShape(settingUpdateSchema.shape, [], ['email']),
  logo: z.string().nullable(),
});
export const settingRecordSchema = settingRecordObject.meta({ id: 'SettingRecord' }) as unknown as z.ZodType<SettingRecord, unknown>;
export type SettingRecord = RecordOf<typeof settingUpdateSchema, never, 'email', { logo: z.ZodNullable<z.ZodString> }>;

/**
 * GET /setting: the part of the record its reader may see (anyone: what the login page shows; a lead:
 * its app's part; staff: all of it), so any field may be absent.
 */
export const settingViewSchema = settingRecordObject.partial().meta({ id: 'SettingView' }) as unknown as z.ZodType<SettingView, unknown>;
export type SettingView = Partial<SettingRecord>;
