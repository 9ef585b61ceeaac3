import { and, count, desc, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../shared/constants.ts';
import { pageCount } from '../../shared/list-params.ts';
import type { StatementEntry, StatementQuery } from '../../shared/money/funds.ts';
import type { Executor } from '../db/client.ts';
import { ledgerEntries, transfers } from '../db/schema.ts';
import { localDateTime, type Sheet, type SheetCell } from '../exports/sheet.ts';
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

type Holder = { firstName: string | null; lastName: string | null; email: string };
type Exporter = { firstName: string | null; lastName: string | null; email: string };

const nameOf = (person: Holder) => [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;

/**
 * The account's balance at the start and at the end of the period (whatever the kind filter): the
 * balance before its first entry in the period and after its last, else the balance after the last
 * entry before the period (0 when none).
 */
export async function periodBalances(db: Executor, leadId: string, query: StatementQuery, zone: string) {
  const where = conditions(leadId, { ...query, kind: undefined }, zone);
  const edge = (order: 'asc' | 'desc') =>
    db
      .select({ before: ledgerEntries.balanceBefore, after: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(where)
      .orderBy(order === 'asc' ? asc(ledgerEntries.seq) : desc(ledgerEntries.seq))
      .limit(1);
  const earlier = () =>
    db
      .select({ after: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.leadId, leadId),
          eq(ledgerEntries.accountKind, query.account),
          query.from ? lt(sql`(${ledgerEntries.dateCreation} at time zone ${zone})::date`, sql`${query.from}::date`) : sql`false`,
        ),
      )
      .orderBy(desc(ledgerEntries.seq))
      .limit(1);
  const [[first], [last], [before]] = await Promise.all([edge('asc'), edge('desc'), earlier()]);
  const opening = first ? euros(first.before) : before ? euros(before.after) : 0;
  const closing = last ? euros(last.after) : opening;
  return { opening, closing };
}

/**
 * The statement as a sheet (src/server/exports/sheet.ts): a header with the holder, the account, the
 * period, the opening and closing balances and who exported it when; then the entries oldest first,
 * their kinds in words and their dates on the reader's clock.
 */
export async function statementSheet(
  db: Executor,
  leadId: string,
  query: StatementQuery,
  context: { zone: string; lang: Language; holder: Holder; exporter: Exporter; now?: Date },
): Promise<Sheet> {
  const { zone, lang } = context;
  const word = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const [entries, balances] = await Promise.all([statementRows(db, leadId, query, zone), periodBalances(db, leadId, query, zone)]);
  const period =
    query.from || query.to
      ? word('app.statement.header.range', { from: query.from ?? '…', to: query.to ?? '…' })
      : word('app.statement.header.allTime');
  const header: [string, SheetCell][] = [
    [word('app.statement.header.title'), `${nameOf(context.holder)} (${context.holder.email})`],
    [word('app.statement.header.account'), word(`app.money.accounts.${query.account}`)],
    [word('app.statement.header.period'), period],
    ...(query.kind ? [[word('app.statement.header.kind'), kindWord(lang, query.kind)] as [string, SheetCell]] : []),
    [word('app.statement.header.opening'), balances.opening],
    [word('app.statement.header.closing'), balances.closing],
    [word('app.statement.header.exported'), `${localDateTime(context.now ?? new Date(), zone)} (${zone}) · ${nameOf(context.exporter)}`],
  ];
  const columns = ['date', 'kind', 'reference', 'memo', 'amount', 'balance'].map((c) => word(`app.statement.columns.${c}`));
  const rows = entries.map((e) => [localDateTime(e.date, zone), kindWord(lang, e.kind), e.sourceId, e.memo ?? '', e.amount, e.balance]);
  return { name: word('app.statement.header.sheet'), header, columns, rows };
}

/** A transfer's kind in the reader's words; an unknown one (a future kind) as it is. */
function kindWord(lang: Language, kind: string): string {
  const key = `app.money.kinds.${kind}`;
  const word = translate(lang, key);
  return word === key ? kind : word;
}
