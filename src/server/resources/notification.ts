import { notificationEntity } from '../../shared/entities/notification.ts';
import { notifications } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/** Each person sees only their own notifications; the system and admins create them. */
export const notificationResource = defineResource({
  entity: notificationEntity,
  table: notifications,
  access: { scope: { kind: 'personal', owner: 'userId' }, read: 'all', create: 'admin', update: 'all', delete: 'all' },
  plainParams: true,
});
