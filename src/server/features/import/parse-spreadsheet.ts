import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ROOT_DIR } from '../../config.ts';
import { MAX_IMPORT_ROWS, MAX_NOTE_ROWS } from '../../../shared/lead-import.ts';
import { AppError } from '../../http/app-error.ts';

/** `maxRows`: data rows; the sheet may also hold its header and a few note lines. */
export type ParseLimits = { maxRows: number; timeoutMs: number; maxMemoryMb: number; maxUnzippedBytes: number };

export const IMPORT_LIMITS: ParseLimits = {
  maxRows: MAX_IMPORT_ROWS,
  timeoutMs: 30_000,
  maxMemoryMb: 512,
  maxUnzippedBytes: 200 * 1024 * 1024,
};

const WORKER = path.join(ROOT_DIR, 'src', 'server', 'features', 'import', 'parse-worker.mjs');

/**
 * The first sheet's rows as strings, parsed in a worker with a memory cap and a deadline; a sheet
 * longer than the limit is refused by the worker itself (IMPORT_TOO_MANY_ROWS).
 */
export function parseSpreadsheet(bytes: Buffer, limits: ParseLimits = IMPORT_LIMITS): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { bytes, maxSheetRows: limits.maxRows + 1 + MAX_NOTE_ROWS, maxUnzippedBytes: limits.maxUnzippedBytes },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
    });
    const fail = (tooMany = false) =>
      reject(tooMany ? new AppError('IMPORT_TOO_MANY_ROWS', undefined, { max: limits.maxRows }) : new AppError('IMPORT_INVALID_FILE'));
    const timer = setTimeout(() => {
      void worker.terminate();
      fail();
    }, limits.timeoutMs);
    worker.once('message', (message: { ok: boolean; rows?: string[][]; tooMany?: boolean }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.ok && message.rows) resolve(message.rows);
      else fail(message.tooMany);
    });
    worker.once('error', () => {
      clearTimeout(timer);
      fail();
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      fail(); // no-op when already settled
    });
  });
}
