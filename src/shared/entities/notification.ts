import { z } from 'zod';
import { bool, id, optionalText, requiredText } from '../fields.ts';
import { defineEntity } from './define-entity.ts';

const shape = {
  userId: id(),
  type: requiredText(64),
  title: requiredText(200),
  body: optionalText(2000),
  read: bool().optional(),
};

export const notificationEntity = defineEntity({
  name: 'notification',
  plural: 'notifications',
  create: z.strictObject(shape),
  update: z.strictObject({ read: bool() }).partial(),
  filterable: ['userId', 'type', 'read'],
  sortable: ['type', 'read'],
  searchable: ['title', 'body'],
  /** Parameters of a system notification's translated title. */
  readOnly: { data: z.record(z.string(), z.unknown()).nullable() },
});
