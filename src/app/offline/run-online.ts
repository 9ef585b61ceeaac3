import i18next from 'i18next';
import { v7 as uuidv7 } from 'uuid';
import type { EntityName } from '../../shared/entities/index.ts';
import type { ApiError } from '../api/http.ts';
import type { LocalRecord } from './database.ts';
import type { OfflineEngine } from './engine.ts';
import { currentEngine } from './offline-state.ts';

/**
 * An online-only call on one record: the path is under `/api` (`/v1/order/:id/close`). `after`: other
 * records whose queued changes must reach the server first (a deposit's lead, created offline).
 */
export type OnlineRequest = {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  after?: readonly string[];
  /** The form's own Idempotency-Key (made when it opened, forms/form-key.ts); a new one otherwise. */
  key?: string;
};

export type RunOnlineDeps = { engine: OfflineEngine; translate: (key: string) => string; newKey?: () => string };

const failure = (message: string, extra: Partial<ApiError> = {}): ApiError => ({ message, network: false, ...extra });

/**
 * An online-only action on a record (DESIGN.md §7), the app's one way to make one: offline (by the
 * engine's own status, not navigator.onLine) it is refused at once and nothing is sent; online, the
 * queued changes of `request.after` and then of the record go first, in order, then the request, and
 * the server's answer goes into the mirror. A queued change that cannot go (a conflict, a refusal)
 * stops the action: it was made on the record as the person sees it. `id` null: a create whose id the
 * server chooses (a card deposit); its answer goes into the mirror whatever its id. Fails with an
 * ApiError, like every call of the app.
 */
export async function runOnlineWith<T extends LocalRecord = LocalRecord>(
  deps: RunOnlineDeps,
  entity: EntityName,
  id: string | null,
  request: OnlineRequest,
): Promise<T> {
  const { engine, translate } = deps;
  const offline = () => failure(translate('errors.OFFLINE'), { code: 'OFFLINE', status: 503, network: true });
  if (!engine.status().online) throw offline();
  for (const first of [...(request.after ?? []), ...(id ? [id] : [])]) {
    const before = await engine.sendRecord(first);
    if (before.sent) continue;
    if (before.reason === 'offline') throw offline();
    if (before.reason === 'auth') throw failure(translate('errors.UNAUTHENTICATED'), { code: 'UNAUTHENTICATED', status: 401 });
    const error = before.entry?.error;
    throw failure(error?.message ?? translate('errors.VERSION_CONFLICT'), {
      code: error?.code ?? 'VERSION_CONFLICT',
      status: error?.status ?? 409,
    });
  }
  let answer: Awaited<ReturnType<OfflineEngine['call']>>;
  try {
    answer = await engine.call(request.method, request.path, request.body, { 'idempotency-key': request.key ?? (deps.newKey ?? uuidv7)() });
  } catch {
    throw offline(); // the connection went while the action was under way
  }
  const body = (answer.body ?? {}) as Record<string, unknown>;
  if (answer.status < 200 || answer.status >= 300) {
    throw failure(typeof body.message === 'string' ? body.message : `HTTP ${answer.status}`, {
      status: answer.status,
      code: typeof body.code === 'string' ? body.code : undefined,
      details: body.details as Record<string, string> | undefined,
    });
  }
  // The record itself, or `{ <entity>: record }` for answers that carry more.
  const own = id === null ? typeof body.id === 'string' && !(entity in body) : body.id === id;
  const record = (own ? body : body[entity]) as T | undefined;
  if (record && (id === null ? typeof record.id === 'string' : record.id === id)) await engine.applyServerRecord(entity, record);
  return (record ?? body) as T;
}

/** `runOnlineWith` on the signed-in user's engine, messages in the person's language. */
export function runOnline<T extends LocalRecord = LocalRecord>(entity: EntityName, id: string | null, request: OnlineRequest): Promise<T> {
  const engine = currentEngine();
  const translate = (key: string) => i18next.t(key);
  if (!engine) return withoutMirror<T>(entity, request);
  return runOnlineWith<T>({ engine, translate }, entity, id, request);
}

/** No local database (a private window without IndexedDB): the plain online call, lists read the API anyway. */
async function withoutMirror<T>(entity: EntityName, request: OnlineRequest): Promise<T> {
  const [{ http }, { requireOnline }] = await Promise.all([import('../api/client.ts'), import('../api/online-only.ts')]);
  requireOnline();
  const body = await http<Record<string, unknown>>(request.path, {
    method: request.method,
    body: request.body as Record<string, unknown>,
    headers: request.key ? { 'idempotency-key': request.key } : undefined,
  });
  return ((body[entity] as T | undefined) ?? body) as T;
}
