import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import { v7 as uuidv7 } from 'uuid';
import { MAX_FILE_BYTES } from '../../shared/constants.ts';
import { insertMany } from '../db/bulk-insert.ts';
import type { Executor } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import type { Actor, Services } from '../context.ts';
import { PURPOSES, type UploadPurpose } from '../../shared/file-kinds.ts';
import type { FileStore } from './file-store.ts';
import { checkUploadRate, countUpload } from './limits.ts';

export const uploadUrl = (name: string) => `/api/v1/uploads/${name}`;

export type StoredUpload = { id: string; name: string; url: string; mime: string; size: number; originalName: string };

/** Who sends a file: the real person behind an impersonation, who then never verifies it (DESIGN.md §6). */
export const uploaderOf = (actor: Actor) => actor.impersonatorId ?? actor.id;

/** Where a file goes and who may read it: private files only their owner and staff who may see the owner. */
export type UploadTarget = { ownerId: string | null; purpose: UploadPurpose; private: boolean };

/**
 * The one way a request's file is kept (multipart field `file`): within the sender's rate (429 with
 * Retry-After), read within 5 MB, then counted against the sender's day (422 UPLOAD_QUOTA) and stored
 * as storeFiles does, with who sent it, in one transaction.
 */
export async function receiveUpload(
  { db, files, config }: Pick<Services, 'db' | 'files' | 'config'>,
  request: FastifyRequest,
  target: UploadTarget | ((fields: Record<string, string>) => UploadTarget),
): Promise<StoredUpload> {
  const uploadedBy = uploaderOf(actorOrThrow(request));
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  await checkUploadRate(db, config.uploadLimits, uploadedBy);
  const file = await request.file();
  if (!file) throw new AppError('FILE_MISSING');
  // Text fields sent before the file (a product's `key`) may choose where it goes; a refusal reads nothing more.
  const where = typeof target === 'function' ? target(textFields(file.fields)) : target;
  const originalName = file.filename.slice(0, 255);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('FILE_TOO_LARGE', undefined, { filename: originalName });
    throw error;
  }
  if (file.file.truncated || bytes.length > MAX_FILE_BYTES) throw new AppError('FILE_TOO_LARGE', undefined, { filename: originalName });
  return db.transaction(async (tx) => {
    await countUpload(tx, config.uploadLimits, uploadedBy, bytes.length);
    return (await storeFiles(tx, files, [{ bytes, originalName }], { ...where, uploadedBy }))[0];
  });
}

/** One file to keep: its bytes, the name it came with, and (for data made after the fact) its dates. */
export type FileToStore = { bytes: Buffer; originalName: string; createdAt?: Date; rejectedAt?: Date | null };

/** A multipart request's text fields (those sent before its file). */
function textFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, part] of Object.entries(fields)) {
    const value = (Array.isArray(part) ? part[0] : part) as { type?: string; value?: unknown } | undefined;
    if (value?.type === 'field' && typeof value.value === 'string') out[name] = value.value;
  }
  return out;
}

/** Where a file goes, and who sent it (by default its owner: a lead's own document). */
type StoreOptions = { ownerId: string | null; purpose: UploadPurpose; private?: boolean; uploadedBy?: string | null };

/**
 * Checks each file's real type against the purpose, records them in one insert and keeps their bytes
 * in the file store (disk or database, after the rows: the database store's rows refer to them): the
 * one path an upload takes, from the API (one file) or the demo seeder (many). Call it in a transaction.
 */
export async function storeFiles(
  db: Executor,
  store: FileStore,
  files: readonly FileToStore[],
  options: StoreOptions | ((index: number) => StoreOptions),
): Promise<StoredUpload[]> {
  const optionsOf = typeof options === 'function' ? options : () => options;
  const rows = await Promise.all(
    files.map(async ({ bytes, originalName, createdAt, rejectedAt }, index) => {
      if (bytes.length === 0) throw new AppError('FILE_MISSING');
      const type = await fileTypeFromBuffer(bytes);
      const { ownerId, purpose, private: hidden = false, uploadedBy = ownerId } = optionsOf(index);
      const allowed: readonly string[] = PURPOSES[purpose];
      if (!type || !allowed.includes(type.mime)) throw new AppError('FILE_TYPE', undefined, { filename: originalName });
      const id = uuidv7();
      return {
        id,
        name: `${id}.${type.ext}`,
        ownerId,
        uploadedBy,
        mime: type.mime,
        size: bytes.length,
        originalName,
        private: hidden,
        purpose,
        createdAt,
        rejectedAt,
      };
    }),
  );
  if (!rows.length) return [];
  await insertMany(
    db,
    uploads,
    rows.map(({ createdAt, rejectedAt, ...row }) => ({
      ...row,
      ...(createdAt ? { createdAt } : {}),
      ...(rejectedAt ? { rejectedAt } : {}),
    })),
  );
  // A few at a time: thousands of open files (or bytea inserts) at once would run into the process's limits.
  const limit = pLimit(32);
  await Promise.all(rows.map((row, index) => limit(() => store.save(db, row, files[index].bytes))));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: uploadUrl(row.name),
    mime: row.mime,
    size: row.size,
    originalName: row.originalName,
  }));
}
