import type { EntityName } from '../../shared/entities/index.ts';

export type MutationKind = 'create' | 'update' | 'delete' | 'createMany' | 'deleteMany';

/**
 * A mutation waiting for the server. `queued` ones are sent in order per record; `conflict` (409) and
 * `dead` (other 4xx) wait for the person to decide, holding back later entries of the same records.
 */
export type OutboxEntry = {
  seq?: number;
  entity: EntityName;
  kind: MutationKind;
  /** Every record the entry touches: replay waits for earlier entries of any of them. */
  recordIds: string[];
  /** Body to send: fields of a create or update, items of a batch. */
  payload: unknown;
  /** The version the change was made on (If-Match); filled in when an earlier entry of the record lands. */
  baseVersion?: number;
  /** One key per entry, kept across retries so the server does the work once. */
  idempotencyKey: string;
  state: 'queued' | 'conflict' | 'dead';
  attempts: number;
  /** Not sent before this time (backoff). */
  notBefore: number;
  /** The server set `notBefore` (429/503 with Retry-After): a reconnect does not cut that wait short. */
  serverSetDelay?: boolean;
  /** Records as they were before the optimistic change, to roll back to. */
  before: Record<string, unknown>[];
  error?: { status: number; code?: string; message: string; details?: unknown };
  /**
   * A dead letter only because it was built on a create the server refused (`error.code`
   * DEPENDENCY_REFUSED): the outbox seq of that create, retried and discarded together with it.
   */
  dependsOn?: number;
  /** The server's record on a version conflict. */
  current?: Record<string, unknown>;
  createdAt: number;
};
