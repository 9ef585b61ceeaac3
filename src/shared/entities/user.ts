import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { LEAD_LABELS, MODES, THEME_COLORS, USER_STATUSES, VERIFICATION_STATUSES } from '../constants.ts';
import { email, oneOf, optionalPhone, optionalText, password, ref, requiredText, tags } from '../fields.ts';
import { defineEntity, timestamp } from './define-entity.ts';

const shape = {
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: email(),
  /** Optional for the API: imported leads get theirs by a reset. The lead form requires one (SPEC.md §5). */
  password: password().optional(),
  roles: z.array(oneOf(ROLES), { error: 'validation.roleRequired' }).min(1, { error: 'validation.roleRequired' }).max(4),
  status: oneOf(USER_STATUSES).optional(),
  theme: oneOf(THEME_COLORS).nullable().optional(),
  mode: oneOf(MODES).nullable().optional(),
  campaignId: ref(),
  assignedTo: ref(),
  qualifications: tags().optional(),
  labels: tags(LEAD_LABELS).optional(),
  phone: optionalPhone(),
  mobile: optionalPhone(),
  verificationStatus: oneOf(VERIFICATION_STATUSES).optional(),
  verificationNote: optionalText(1000),
};

export const userEntity = defineEntity({
  name: 'user',
  plural: 'users',
  create: z.strictObject(shape),
  /** Changing one's own password also needs the current one. */
  update: z.strictObject({ ...shape, currentPassword: z.string().max(128) }).partial(),
  filterable: [
    'roles',
    'status',
    'email',
    'campaignId',
    'assignedTo',
    'labels',
    'qualifications',
    'verificationStatus',
    'lastLogin',
    'firstName',
    'lastName',
  ],
  sortable: ['firstName', 'lastName', 'email', 'status', 'lastLogin', 'verificationStatus'],
  searchable: ['firstName', 'lastName', 'email', 'phone', 'mobile'],
  writeOnly: ['password'],
  readOnly: { lastLogin: timestamp().nullable() },
  phoneFields: ['phone', 'mobile'],
});

/** What the API returns for a user: never the password hash. */
export type UserRecord = Omit<z.infer<typeof userEntity.create>, 'password'> & {
  id: string;
  version: number;
  status: (typeof USER_STATUSES)[number];
  verificationStatus: (typeof VERIFICATION_STATUSES)[number];
  lastLogin: string | null;
  dateCreation: string;
  dateLastUpdate: string;
};
