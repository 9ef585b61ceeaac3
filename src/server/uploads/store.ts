import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { v7 as uuidv7 } from 'uuid';
import { MAX_FILE_BYTES } from '../../shared/constants.ts';
import type { Executor } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { PURPOSES, type UploadPurpose } from '../../shared/file-kinds.ts';
import type { FileStore } from './file-store.ts';

export const uploadUrl = (name: string) => `/api/v1/uploads/${name}`;

export type StoredUpload = { id: string; name: string; url: string; mime: string; size: number; originalName: string };

/** Reads the file within 5 MB, checks its real type, keeps its bytes in `files` and records it, in one transaction. */
export async function storeUpload(
  db: Executor,
  files: FileStore,
  file: MultipartFile | undefined,
  options: { ownerId: string | null; purpose: UploadPurpose; private?: boolean },
): Promise<StoredUpload> {
  if (!file) throw new AppError('FILE_MISSING');
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
  if (bytes.length === 0) throw new AppError('FILE_MISSING');
  const type = await fileTypeFromBuffer(bytes);
  const allowed: readonly string[] = PURPOSES[options.purpose];
  if (!type || !allowed.includes(type.mime)) throw new AppError('FILE_TYPE', undefined, { filename: originalName });
  const id = uuidv7();
  const name = `${id}.${type.ext}`;
  await db.transaction(async (tx) => {
    await tx.insert(uploads).values({
      id,
      name,
      ownerId: options.ownerId,
      mime: type.mime,
      size: bytes.length,
      originalName,
      private: options.private ?? false,
      purpose: options.purpose,
    });
    await files.save(tx, { id, name }, bytes);
  });
  return { id, name, url: uploadUrl(name), mime: type.mime, size: bytes.length, originalName };
}
