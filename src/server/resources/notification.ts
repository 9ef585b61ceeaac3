import { notificationEntity } from '../../shared/entities/notification.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { notifications } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/** Each person sees only their own notifications; the system and admins create them. */
export const notificationResource = defineResource({
  entity: notificationEntity,
  table: notifications,
  access: { scope: { kind: 'personal', owner: 'userId' }, ...ENTITY_ACCESS.notification },
  plainParams: true,
});
