import { and, count, desc, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../shared/constants.ts';
import { pageCount } from '../../shared/list-params.ts';
import type { StatementEntry, StatementQuery } from '../../shared/money/funds.ts';
import type { Executor } from '../db/client.ts';
import { ledgerEntries, transfers } from '../db/schema.ts';
import { translate } from '../http/i18n.ts';
import { toCentsExact } from './ledger.ts';

/** An export holds at most this many entries (a statement of years of activity still fits). */
export const MAX_EXPORT_ROWS = 100_000;

function conditions(leadId: string, query: StatementQuery, zone: string): SQL {
  const localDay = sql`(${ledgerEntries.dateCreation} at time zone ${zone})::date`;
  return and(
    eq(ledgerEntries.leadId, leadId),
    eq(ledgerEntries.accountKind, query.account),
    query.kind ? eq(ledgerEntries.kind, query.kind) : undefined,
    query.from ? gte(localDay, sql`${query.from}::date`) : undefined,
    query.to ? lt(localDay, sql`${query.to}::date + 1`) : undefined,
  )!;
}

const euros = (value: number | string) => toCentsExact(value) / 100;

/** One page of a lead's entries on one account, newest first, each with the running balance after it. */
export async function statementPage(db: Executor, leadId: string, query: StatementQuery, zone: string) {
  const where = conditions(leadId, query, zone);
  const [rows, [total]] = await Promise.all([
    selectEntries(db, where, 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(ledgerEntries).where(where),
  ]);
  return { entries: rows.map(toEntry), count: total.value, pageToCreate: pageCount(total.value, query.limit) };
}

/** Every matching entry, oldest first, as a statement reads on paper. */
export async function statementRows(db: Executor, leadId: string, query: StatementQuery, zone: string) {
  return (await selectEntries(db, conditions(leadId, query, zone), 'asc').limit(MAX_EXPORT_ROWS)).map(toEntry);
}

function selectEntries(db: Executor, where: SQL, order: 'asc' | 'desc') {
  return db
    .select({
      id: ledgerEntries.id,
      date: ledgerEntries.dateCreation,
      kind: ledgerEntries.kind,
      sourceEntity: ledgerEntries.sourceEntity,
      sourceId: ledgerEntries.sourceId,
      memo: transfers.memo,
      amount: ledgerEntries.amount,
      balance: ledgerEntries.balanceAfter,
    })
    .from(ledgerEntries)
    .innerJoin(transfers, eq(transfers.id, ledgerEntries.transferId))
    .where(where)
    .orderBy(order === 'desc' ? desc(ledgerEntries.seq) : asc(ledgerEntries.seq));
}

const toEntry = (row: {
  id: string;
  date: Date;
  kind: string;
  sourceEntity: string;
  sourceId: string;
  memo: string | null;
  amount: number;
  balance: number;
}): StatementEntry => ({ ...row, date: row.date.toISOString(), amount: euros(row.amount), balance: euros(row.balance) });

/**
 * A text cell a spreadsheet would read as a formula (= + - @, and the tab/CR tricks) is kept as text
 * with a leading apostrophe (OWASP CSV injection).
 */
export const neutralize = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

function table(entries: StatementEntry[], lang: Language): (string | number)[][] {
  const header = ['date', 'kind', 'reference', 'memo', 'amount', 'balance'].map((c) => translate(lang, `app.statement.columns.${c}`));
  return [
    header,
    ...entries.map((e) => [e.date, neutralize(e.kind), `${e.sourceEntity}/${e.sourceId}`, neutralize(e.memo ?? ''), e.amount, e.balance]),
  ];
}

const csvCell = (value: string | number) => {
  if (typeof value === 'number') return value.toFixed(2);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};

export function statementCsv(entries: StatementEntry[], lang: Language): string {
  return table(entries, lang)
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n');
}

/** .xlsx with amounts as numbers (2-decimal format) and every text as a plain string cell, never a formula. */
export async function statementXlsx(entries: StatementEntry[], lang: Language): Promise<Buffer> {
  // Loaded on first use: xlsx is the server's heaviest import.
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(table(entries, lang));
  for (const [address, cell] of Object.entries(sheet)) {
    if (address.startsWith('!')) continue;
    if (cell.t === 'n') cell.z = '0.00';
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Statement');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
