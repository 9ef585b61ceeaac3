import { entityStore } from '../../data/stores.ts';

const PAGE = 100;
const MAX_PAGES = 50;

export type FirstDeposit = { id: string; userId: string; amount: number; date: string };

/**
 * Each lead's first completed deposit whose local day falls in [from, to] (YYYY-MM-DD). Read through
 * the deposit store (the mirror when there is one), at most 5,000 completed deposits.
 */
export async function firstDeposits(from: string, to: string, signal?: AbortSignal): Promise<FirstDeposit[]> {
  const store = entityStore('deposit');
  const first = new Map<string, FirstDeposit>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await store.list({ page, limit: PAGE, filters: [{ field: 'status', values: ['completed'] }] }, signal);
    for (const row of result.rows) {
      const userId = String(row.userId ?? '');
      const date = String(row.dateCreation ?? '');
      const known = first.get(userId);
      if (!known || date < known.date) first.set(userId, { id: row.id, userId, amount: Number(row.amount ?? 0), date });
    }
    if (result.rows.length < PAGE) break;
  }
  const day = (iso: string) => {
    const d = new Date(iso);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  return [...first.values()].filter((deposit) => day(deposit.date) >= from && day(deposit.date) <= to);
}
