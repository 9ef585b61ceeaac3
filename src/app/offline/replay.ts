import { ENTITIES } from '../../shared/entities/index.ts';
import type { OutboxEntry } from './outbox-types.ts';

export type Outcome =
  | { kind: 'done'; body: unknown }
  | { kind: 'retry'; retryAfterMs?: number }
  | { kind: 'auth' }
  | { kind: 'conflict'; current?: Record<string, unknown>; message: string }
  | { kind: 'dead'; status: number; code?: string; message: string; details?: unknown };

/** The HTTP request that replays an outbox entry (DESIGN.md §4 standard set). */
export function requestOf(entry: OutboxEntry): { method: string; path: string; body?: unknown } {
  const base = `/v1/${entry.entity}`;
  switch (entry.kind) {
    case 'create':
      return { method: 'POST', path: base, body: entry.payload };
    case 'update':
      return { method: 'PATCH', path: `${base}/${entry.recordIds[0]}`, body: entry.payload };
    case 'delete':
      return { method: 'DELETE', path: `${base}/${entry.recordIds[0]}` };
    case 'createMany':
      return { method: 'POST', path: `${base}/batch`, body: entry.payload };
    case 'deleteMany':
      return { method: 'DELETE', path: `${base}/batch`, body: entry.payload };
  }
}

/**
 * What an answer means for the entry (DESIGN.md §7): network trouble, 5xx, 408 and 429 are tried
 * again; 401 pauses; a version conflict waits for the person; any other 4xx is a dead letter. A
 * delete that finds nothing has what it wanted.
 */
export function classify(entry: OutboxEntry, status: number, body: unknown, retryAfter?: number): Outcome {
  const error = (body ?? {}) as { message?: string; code?: string; details?: unknown; current?: Record<string, unknown> };
  if (status >= 200 && status < 300) return { kind: 'done', body };
  if (status === 404 && (entry.kind === 'delete' || entry.kind === 'deleteMany')) return { kind: 'done', body: null };
  if (status === 401) return { kind: 'auth' };
  if (status === 408 || status === 429 || status >= 500 || error.code === 'IDEMPOTENCY_IN_PROGRESS')
    return { kind: 'retry', retryAfterMs: retryAfter };
  if (status === 409 && error.code === 'VERSION_CONFLICT')
    return { kind: 'conflict', current: error.current, message: error.message ?? 'Conflict' };
  return {
    kind: 'dead',
    status,
    code: error.code,
    message: error.message ?? `HTTP ${status}`,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}

/** Server records in a successful answer: one record, or the list of a batch create. */
export function recordsIn(entry: OutboxEntry, body: unknown): Record<string, unknown>[] {
  if (!body || typeof body !== 'object') return [];
  if (entry.kind === 'create' || entry.kind === 'update') return [body as Record<string, unknown>];
  if (entry.kind === 'createMany')
    return ((body as Record<string, unknown>)[ENTITIES[entry.entity].plural] as Record<string, unknown>[]) ?? [];
  return [];
}
