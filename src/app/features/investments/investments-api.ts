import type { InvestmentSchedule, InvestmentStats } from '../../../shared/contracts/wealth.ts';
import { http } from '../../api/client.ts';
import { isOnline } from '../../api/online-only.ts';
import { entityStore } from '../../data/stores.ts';
import { rowsOfServer, scheduleOfRecord, type ScheduleRow } from './schedule-rows.ts';

export type { InvestmentStats };

/** GET /investment/stats: all-time figures in scope, by frequency, and month by month over `from`–`to` (days; the server's default 12 months back and ahead). */
export const investmentStats = (range: { from?: string; to?: string }, signal?: AbortSignal) =>
  http<{ stats: InvestmentStats }>('/v1/investment/stats', { query: range, signal }).then((answer) => answer.stats);

/** The schedule and where it came from: the server's, or the shared function over the mirrored record (offline, with its age). */
export type ScheduleAnswer = { rows: ScheduleRow[]; fromMirror: boolean };

/**
 * An investment's schedule: GET /investment/:id/schedule online; offline (or when the server cannot
 * answer) the same shared function over the mirrored record, marked as read from the mirror.
 */
export async function loadSchedule(id: string, signal?: AbortSignal): Promise<ScheduleAnswer> {
  if (isOnline()) {
    try {
      const answer = await http<InvestmentSchedule>(`/v1/investment/${id}/schedule`, { signal });
      return { rows: rowsOfServer(answer), fromMirror: false };
    } catch (cause) {
      if (signal?.aborted) throw cause;
    }
  }
  const record = await entityStore('investment').get(id);
  return { rows: scheduleOfRecord(record as Parameters<typeof scheduleOfRecord>[0]), fromMirror: true };
}
