import pLimit from 'p-limit';
import { RateLimited } from '../../http/app-error.ts';
import { IMPORT_LIMITS, parseSpreadsheet, type ParseLimits } from './parse-spreadsheet.ts';

/**
 * At most `concurrency` spreadsheets parse at once on this node (each worker may take up to its
 * memory cap), the others wait their turn; one at a time per user, and a bounded queue: beyond
 * it, 429 with Retry-After. In memory on purpose: what it protects is this process's memory.
 */
export function createParsePool(options: { concurrency: number; maxWaiting: number }, limits: ParseLimits = IMPORT_LIMITS) {
  const limit = pLimit(options.concurrency);
  const busy = new Set<string>();
  return {
    async parse(userId: string, bytes: Buffer): Promise<string[][]> {
      if (busy.has(userId) || limit.pendingCount >= options.maxWaiting) throw new RateLimited(5);
      busy.add(userId);
      try {
        return await limit(() => parseSpreadsheet(bytes, limits));
      } finally {
        busy.delete(userId);
      }
    },
  };
}

/** Two parses at once: on a 2-core server, more only share the cores and add their memory. */
export const PARSE_POOL = { concurrency: 2, maxWaiting: 50 };
