import type { FastifyInstance } from 'fastify';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { moneyListExportContract } from '../../shared/contracts/money-history.ts';
import type { Language } from '../../shared/constants.ts';
import { deposits, users, withdrawals } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { languageOf, translate } from '../http/i18n.ts';
import { timeZoneOf } from '../http/time-zone.ts';
import { can, scopeWhere } from '../policy.ts';
import { depositResource } from '../resources/deposit.ts';
import { conjunction, filterCondition, orderBy, searchCondition } from '../resources/list-query.ts';
import { withdrawalResource } from '../resources/withdrawal.ts';
import { localDateTime, SHEET_TYPES, sheetCsv, sheetXlsx, type Sheet, type SheetCell } from '../exports/sheet.ts';
import { MAX_EXPORT_ROWS } from './statement.ts';
import { toCentsExact } from './ledger.ts';

const FLOWS = {
  deposit: { resource: depositResource, table: deposits },
  withdrawal: { resource: withdrawalResource, table: withdrawals },
} as const;

type Person = { firstName: string | null; lastName: string | null; email: string | null };
const nameOf = (p: Person | null) => (p?.email ? [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email : '');

/** A code in the reader's words when the catalogue has its `key` (a status, a method, a reason), else the code as it is. */
function word(lang: Language, key: string, code: unknown): string {
  if (code === null || code === undefined || code === '') return '';
  const found = translate(lang, key);
  return found === key ? String(code) : found;
}

/**
 * `GET /deposit/export` and `GET /withdrawal/export`: the list as its filters, search and sort show it
 * (the list's own query, in the reader's scope), as csv or xlsx through the one sheet mechanism
 * (src/server/exports/sheet.ts): a header with who exported what and which filters, words for codes,
 * dates on the reader's clock, amounts as numbers, each lead and person by name and email.
 */
export function registerMoneyListExports(app: FastifyInstance) {
  const { db } = app.services;
  for (const [name, { resource, table }] of Object.entries(FLOWS)) {
    const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
    app.get(
      `/api/v1/${name}/export`,
      { schema: { tags: [name], summary: `The ${name}s a list's filters show, as csv or xlsx`, ...moneyListExportContract } },
      async (request, reply) => {
        const actor = actorOrThrow(request);
        if (!can(resource.access, 'read', actor)) throw new AppError('FORBIDDEN');
        const query = request.query as z.output<typeof moneyListExportContract.querystring>;
        const lang = languageOf(request.headers['x-lang']);
        const zone = timeZoneOf(request.headers['x-timezone']);
        const { entity } = resource;
        const where: SQL | undefined = conjunction(
          scopeWhere(resource.access.scope, columns, actor, db),
          ...(query.filters ?? []).map((f) => filterCondition(columns, entity.filterable, f)),
          query.q ? searchCondition(columns, entity.searchable, query.q, entity.phoneFields) : undefined,
        );
        const lead = alias(users, 'lead');
        const entered = alias(users, 'entered');
        const decided = alias(users, 'decided');
        const rows = await db
          .select({
            record: table,
            lead: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email },
            entered: { firstName: entered.firstName, lastName: entered.lastName, email: entered.email },
            decided: { firstName: decided.firstName, lastName: decided.lastName, email: decided.email },
          })
          .from(table)
          .leftJoin(lead, eq(lead.id, table.userId))
          .leftJoin(entered, eq(entered.id, table.createdBy))
          .leftJoin(decided, eq(decided.id, table.decidedBy))
          .where(where)
          .orderBy(...orderBy(columns, entity.sortable, query.sorts), sql`${table.dateCreation} desc`)
          .limit(MAX_EXPORT_ROWS);
        const [exporter] = await db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(eq(users.id, actor.id));
        const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
        const filters = (query.filters ?? [])
          .map((f) => {
            const field = t(`app.fields.${f.field}`);
            const values = f.values.map((v) => (f.field === 'status' ? word(lang, `app.money.status.${String(v)}`, v) : String(v)));
            return `${field}: ${values.join(', ')}`;
          })
          .concat(query.q ? [`${t('app.money.export.search')}: ${query.q}`] : []);
        const header: [string, SheetCell][] = [
          [t('app.money.export.title'), t(`app.money.export.${name}s`)],
          [t('app.money.export.filters'), filters.length ? filters.join('; ') : t('app.money.export.none')],
          [t('app.money.export.count'), String(rows.length)],
          [t('app.statement.header.exported'), `${localDateTime(new Date(), zone)} (${zone}) · ${exporter ? nameOf(exporter) : ''}`],
        ];
        const sheet: Sheet = {
          name: t(`app.money.export.${name}s`),
          header,
          columns: ['date', 'lead', 'email', 'amount', 'status', 'method', 'transactionId', 'reason', 'enteredBy', 'decidedBy'].map((c) =>
            t(`app.money.export.columns.${c}`),
          ),
          rows: rows.map(({ record, lead: l, entered: e, decided: d }) => {
            const row = record as Record<string, unknown>;
            return [
              localDateTime(row.dateCreation as Date, zone),
              nameOf(l),
              l?.email ?? '',
              toCentsExact(row.amount as string) / 100,
              word(lang, `app.money.status.${String(row.status)}`, row.status),
              word(lang, `app.money.methods.${String(row.method)}`, row.method),
              (row.transactionId as string | null) ?? '',
              word(lang, `app.money.failureReasons.${String(row.failureReason)}`, row.failureReason),
              nameOf(e),
              nameOf(d),
            ];
          }),
        };
        return reply
          .type(SHEET_TYPES[query.format])
          .header('content-disposition', `attachment; filename="${name}s.${query.format}"`)
          .send(query.format === 'csv' ? sheetCsv(sheet) : await sheetXlsx(sheet));
      },
    );
  }
}
