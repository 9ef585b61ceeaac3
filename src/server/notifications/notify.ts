import { v7 as uuidv7 } from 'uuid';
import { notifications } from '../db/schema.ts';
import type { Work } from '../http/mutate.ts';

/**
 * A system notification, written in the transaction of what it tells about. `title` is an i18n key
 * (`app.notifications.*`) and `data` its parameters, so each reader sees it in their own language.
 */
export async function notify(work: Work, userId: string, type: string, title: string, data: Record<string, unknown> = {}) {
  const id = uuidv7();
  await work.insertRow(notifications, { id, userId, type, title, data });
  work.changed({ entity: 'notification', recordId: id, op: 'upsert', audience: [userId] });
}
