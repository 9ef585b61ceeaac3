import type { FastifyInstance } from 'fastify';
import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { moneyListExportContract } from '../../shared/contracts/money-history.ts';
import type { Language } from '../../shared/constants.ts';
import { campaigns, users } from '../db/schema.ts';
import type { AnyResource } from '../resources/define-resource.ts';
import { mayReadPeople } from '../resources/person-ids.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { languageOf, translate } from '../http/i18n.ts';
import { timeZoneOf } from '../http/time-zone.ts';
import { can, scopeWhere } from '../policy.ts';
import { conjunction, filterCondition, orderBy, searchCondition } from '../resources/list-query.ts';
import { localDateTime, SHEET_TYPES, sheetCsv, sheetXlsx, type Sheet, type SheetCell } from '../exports/sheet.ts';
import { MAX_EXPORT_ROWS } from './statement.ts';
import { toCentsExact } from './ledger.ts';

type Person = { firstName: string | null; lastName: string | null; email: string | null };
const nameOf = (p: Person | null) => (p?.email ? [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email : '');

/** A code in the reader's words when the catalogue has its `key` (a status, a method, a reason), else the code as it is. */
function word(lang: Language, key: string, code: unknown): string {
  if (code === null || code === undefined || code === '') return '';
  const found = translate(lang, key);
  return found === key ? String(code) : found;
}

/** What a column reads of one exported row: the record, its lead, who entered and who decided it, in the reader's words and clock. */
export type ExportRow = {
  record: Record<string, unknown>;
  lead: Person | null;
  entered: Person | null;
  decided: Person | null;
  /** The lead's campaign by name ('' without one). */
  campaign: string;
  /** The registration's `also` values of this row (a holding's product description). */
  also: Record<string, unknown>;
  lang: Language;
  zone: string;
};

/** A table a list exports from: its lead, who entered it and when; who decided it when it has that. */
type ExportTable = PgTable & { userId: PgColumn; createdBy?: PgColumn; dateCreation: PgColumn; decidedBy?: PgColumn };

/** One list's export: its resource (list query, scope, access), table, title key and columns (title key, what each reads of a row). */
export type ListExport = {
  name: string;
  resource: AnyResource;
  table: ExportTable;
  title: string;
  columns: { title: string; value: (row: ExportRow) => SheetCell }[];
  /** The header's filters in words: a filtered field's key for one code, written out whole (status → app.money.status.<code>). */
  words: Record<string, (code: string) => string>;
  /** Who decided a record, when the table names it otherwise than `decidedBy` (an order: who closed it). */
  decidedBy?: PgColumn;
  /** Who entered a record, when the table names it otherwise than `createdBy` (a holding: who bought it). */
  enteredBy?: PgColumn;
  /** More values per row, each one SQL expression over the table (a correlated subquery for a name the row only references). */
  also?: Record<string, SQL>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A one-sided filter's words in the header: "from", "before" … */
const BOUNDS: Partial<Record<string, string>> = {
  gte: 'app.money.export.bounds.gte',
  gt: 'app.money.export.bounds.gt',
  lte: 'app.money.export.bounds.lte',
  lt: 'app.money.export.bounds.lt',
};

/** A code in the reader's words (a status, a method, a reason), for a column. */
export const wordOf = word;
/** A person's name, for a column. */
export const personName = nameOf;
/** An amount column stored as numeric text: a number cell in euros. */
export const euroCell = (value: unknown) => toCentsExact(String(value)) / 100;

/**
 * `GET /{name}/export`: the list as its filters, search and sort show it (the list's own query, in
 * the reader's scope), as csv or xlsx through the one sheet mechanism (src/server/exports/sheet.ts):
 * a header with who exported what and which filters, words for codes, dates on the reader's clock,
 * amounts as numbers, each lead and person by name and email. One registration per list.
 */
export function registerListExport(
  app: FastifyInstance,
  {
    name,
    resource,
    table,
    title,
    columns: sheetColumns,
    words,
    decidedBy = table.decidedBy,
    enteredBy = table.createdBy,
    also = {},
  }: ListExport,
) {
  const { db } = app.services;
  {
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
        const campaign = alias(campaigns, 'campaign');
        const rows = await db
          .select({
            record: table,
            lead: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email },
            entered: { firstName: entered.firstName, lastName: entered.lastName, email: entered.email },
            decided: { firstName: decided.firstName, lastName: decided.lastName, email: decided.email },
            enteredId: enteredBy ? sql<string | null>`${enteredBy}` : sql<null>`null`,
            decidedId: decidedBy ? sql<string | null>`${decidedBy}` : sql<null>`null`,
            campaign: campaign.name,
            also: sql<Record<string, unknown>>`json_build_object(${sql.join(
              Object.entries(also).flatMap(([key, value]) => [sql`${key}::text`, value]),
              sql`, `,
            )})`,
          })
          .from(table)
          .leftJoin(lead, eq(lead.id, table.userId))
          .leftJoin(entered, enteredBy ? eq(entered.id, enteredBy) : sql`false`)
          .leftJoin(decided, decidedBy ? eq(decided.id, decidedBy) : sql`false`)
          .leftJoin(campaign, eq(campaign.id, lead.campaignId))
          .where(where)
          .orderBy(...orderBy(columns, entity.sortable, query.sorts), sql`${table.dateCreation} desc`)
          .limit(MAX_EXPORT_ROWS);
        const [exporter] = await db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(eq(users.id, actor.id));
        const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
        // People filtered on (a lead picked by name) are named in the header too, never by id (CHECKLIST 2).
        const ids = [
          ...new Set((query.filters ?? []).flatMap((f) => f.values).filter((v): v is string => typeof v === 'string' && UUID.test(v))),
        ];
        const named = new Map(
          ids.length
            ? (
                await db
                  .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
                  .from(users)
                  .where(inArray(users.id, ids))
              ).map((p) => [p.id, `${nameOf(p)} (${p.email})`])
            : [],
        );
        const filters = (query.filters ?? [])
          .map((f) => {
            const entityKey = `app.entities.${name}.fields.${f.field}`;
            const generic = `app.fields.${f.field}`;
            const field = translate(lang, generic) !== generic ? t(generic) : t(entityKey);
            const keyOf = words[f.field];
            // A day range (gte/lt on a date) reads as its bounds on the reader's clock: "Created from 2026-03-01 00:00".
            const shown = (v: unknown) =>
              typeof v === 'string' && INSTANT.test(v)
                ? localDateTime(v, zone)
                : keyOf
                  ? word(lang, keyOf(String(v)), v)
                  : (named.get(String(v)) ?? String(v));
            const bound = f.operator ? BOUNDS[f.operator] : undefined;
            if (bound) return `${field} ${t(bound)} ${shown(f.values[0])}`;
            return `${field}: ${f.values.map(shown).join(', ')}`;
          })
          .concat(query.q ? [`${t('app.money.export.search')}: ${query.q}`] : []);
        const header: [string, SheetCell][] = [
          [t('app.money.export.title'), t(title)],
          [t('app.money.export.filters'), filters.length ? filters.join('; ') : t('app.money.export.none')],
          [t('app.money.export.count'), String(rows.length)],
          [t('app.statement.header.exported'), `${localDateTime(new Date(), zone)} (${zone}) · ${exporter ? nameOf(exporter) : ''}`],
        ];
        const sheet: Sheet = {
          name: t(title),
          header,
          columns: sheetColumns.map((c) => t(c.title)),
          rows: rows.map(({ record, lead: l, entered: e, decided: d, enteredId, decidedId, campaign: c0, also: a }) =>
            sheetColumns.map((c) =>
              c.value({
                record: record as Record<string, unknown>,
                lead: l,
                // Who entered or decided it, by name, to those the API tells who (CHECKLIST 16): a lead reads only itself.
                entered: mayReadPeople(actor, enteredId) ? e : null,
                decided: mayReadPeople(actor, decidedId) ? d : null,
                campaign: c0 ?? '',
                also: a ?? {},
                lang,
                zone,
              }),
            ),
          ),
        };
        return reply
          .type(SHEET_TYPES[query.format])
          .header('content-disposition', `attachment; filename="${name}s.${query.format}"`)
          .send(query.format === 'csv' ? sheetCsv(sheet) : await sheetXlsx(sheet));
      },
    );
  }
}
