import type { Executor } from '../db/client.ts';
import { AppError, RateLimited } from '../http/app-error.ts';
import { addInWindow, countHit } from '../http/rate-counters.ts';

/** How much one person may upload: files a minute, and files and bytes in 24 hours. */
export type UploadLimits = { perMinute: number; filesPerDay: number; bytesPerDay: number };

/**
 * A lead sends a few documents, staff a few images a day; 20 files of 4 MB in a second and a half is
 * someone filling the disk (issue 23). Counted per person in the database, so every API node agrees.
 */
export const UPLOAD_LIMITS: UploadLimits = { perMinute: 10, filesPerDay: 100, bytesPerDay: 100 * 1024 * 1024 };

const DAY_SECONDS = 24 * 60 * 60;

/** 429 with Retry-After past `perMinute` uploads in a minute; every attempt counts, refused ones too. */
export async function checkUploadRate(db: Executor, limits: UploadLimits, uploaderId: string): Promise<void> {
  const wait = await countHit(db, `upload:${uploaderId}`, limits.perMinute, 60);
  if (wait > 0) throw new RateLimited(wait);
}

/**
 * Counts one stored file of `bytes` against the person's day; 422 UPLOAD_QUOTA past either limit. Run
 * it in the transaction that stores the file: a refused or failed upload counts for nothing.
 */
export async function countUpload(tx: Executor, limits: UploadLimits, uploaderId: string, bytes: number): Promise<void> {
  const files = await addInWindow(tx, `upload-files:${uploaderId}`, 1, limits.filesPerDay, DAY_SECONDS);
  const size = await addInWindow(tx, `upload-bytes:${uploaderId}`, bytes, limits.bytesPerDay, DAY_SECONDS);
  const wait = Math.max(files, size);
  if (wait > 0)
    throw new AppError(
      'UPLOAD_QUOTA',
      undefined,
      { count: limits.filesPerDay, megabytes: Math.floor(limits.bytesPerDay / (1024 * 1024)) },
      { retryAfter: wait },
    );
}
