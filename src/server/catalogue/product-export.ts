import type { FastifyInstance } from 'fastify';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { labelIn, orderedFields, type FieldDefinition } from '../../shared/catalogue/fields.ts';
import { moneyListExportContract } from '../../shared/contracts/money-history.ts';
import { isStaff } from '../../shared/roles.ts';
import { productCategories, productMarkets, products, users } from '../db/schema.ts';
import { localDateTime, SHEET_TYPES, sheetCsv, sheetXlsx, type Sheet, type SheetCell } from '../exports/sheet.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { languageOf, translate } from '../http/i18n.ts';
import { timeZoneOf } from '../http/time-zone.ts';
import { productEntity } from '../../shared/entities/product.ts';
import { conjunction, filterCondition, orderBy, searchCondition } from '../resources/list-query.ts';

/** At most this many products in one export (the catalogue's lists are far smaller). */
const MAX_ROWS = 100_000;
/** One-sided filters (a price range), said with their sign: the same in every language. */
const BOUNDS: Partial<Record<string, string>> = { gte: '≥', gt: '>', lte: '≤', lt: '<' };

/**
 * `GET /product/export` (CHECKLIST 9): the products a list's filters, search and sort show, as csv or
 * xlsx through the one sheet mechanism: category and market by name, the price as a number, each value
 * under its field's label with options in words, all in the reader's language; the header says who
 * exported which filters (a category by name, a value by its label) and when. Staff only.
 */
export function registerProductExport(app: FastifyInstance) {
  const { db } = app.services;
  const columns = getTableColumns(products) as unknown as Record<string, PgColumn>;
  app.get(
    '/api/v1/product/export',
    { schema: { tags: ['product'], summary: 'The products a list shows, as csv or xlsx', ...moneyListExportContract } },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      if (!isStaff(actor.roles)) throw new AppError('FORBIDDEN');
      const query = request.query as z.output<typeof moneyListExportContract.querystring>;
      const lang = languageOf(request.headers['x-lang']);
      const zone = timeZoneOf(request.headers['x-timezone']);
      const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
      const where: SQL | undefined = conjunction(
        ...(query.filters ?? []).map((f) => filterCondition(columns, productEntity.filterable, f)),
        query.q ? searchCondition(columns, productEntity.searchable, query.q) : undefined,
      );
      const [rows, categories, markets, [exporter]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(...orderBy(columns, productEntity.sortable, query.sorts), sql`${products.dateCreation} desc`)
          .limit(MAX_ROWS),
        db.select({ id: productCategories.id, name: productCategories.name, fields: productCategories.fields }).from(productCategories),
        db.select({ id: productMarkets.id, name: productMarkets.name }).from(productMarkets),
        db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, actor.id)),
      ]);
      const categoryOf = new Map(categories.map((c) => [c.id, c]));
      const marketOf = new Map(markets.map((m) => [m.id, m.name]));
      const fieldsByKey = new Map(categories.flatMap((c) => c.fields.map((f) => [f.key, f] as const)));
      const valueText = (field: FieldDefinition | undefined, value: unknown): string => {
        if (value === undefined || value === null) return '';
        const option = field?.options?.find((o) => o.key === value);
        if (option) return labelIn(option.labels, lang);
        if (typeof value === 'boolean') return t(value ? 'app.common.yes' : 'app.common.no');
        return String(value);
      };
      const details = (categoryId: string, values: Record<string, unknown>) =>
        orderedFields(categoryOf.get(categoryId)?.fields ?? [])
          .filter((f) => values[f.key] !== undefined && values[f.key] !== null)
          .map((f) => `${labelIn(f.labels, lang)}: ${valueText(f, values[f.key])}`)
          .join('; ');
      const filters = (query.filters ?? []).map((f) => {
        const dot = f.field.indexOf('.');
        const field = dot > 0 ? fieldsByKey.get(f.field.slice(dot + 1)) : undefined;
        const name = field ? labelIn(field.labels, lang) : t(`app.entities.product.fields.${f.field}`);
        const shown = (v: unknown) =>
          f.field === 'categoryId'
            ? (categoryOf.get(String(v))?.name ?? String(v))
            : f.field === 'marketId'
              ? (marketOf.get(String(v)) ?? String(v))
              : valueText(field, v);
        const bound = f.operator ? BOUNDS[f.operator] : undefined;
        return bound ? `${name} ${bound} ${shown(f.values[0])}` : `${name}: ${f.values.map(shown).join(', ')}`;
      });
      if (query.q) filters.push(`${t('app.money.export.search')}: ${query.q}`);
      const exporterName = exporter ? [exporter.firstName, exporter.lastName].filter(Boolean).join(' ') || exporter.email : '';
      const sheet: Sheet = {
        name: t('app.nav.products'),
        header: [
          [t('app.money.export.title'), t('app.nav.products')],
          [t('app.money.export.filters'), filters.length ? filters.join('; ') : t('app.money.export.none')],
          [t('app.money.export.count'), String(rows.length)],
          [t('app.statement.header.exported'), `${localDateTime(new Date(), zone)} (${zone}) · ${exporterName}`],
        ],
        columns: [
          t('app.catalogue.export.created'),
          t('app.entities.product.fields.description'),
          t('app.entities.product.fields.categoryId'),
          t('app.entities.product.fields.marketId'),
          t('app.catalogue.export.price'),
          t('app.entities.product.fields.values'),
          t('app.catalogue.export.held'),
        ],
        rows: rows.map((p): SheetCell[] => [
          localDateTime(p.dateCreation, zone),
          p.description ?? '',
          categoryOf.get(p.categoryId)?.name ?? '',
          p.marketId ? (marketOf.get(p.marketId) ?? '') : '',
          Number(p.price),
          details(p.categoryId, p.values),
          t(p.heldBy ? 'app.common.yes' : 'app.common.no'),
        ]),
      };
      return reply
        .type(SHEET_TYPES[query.format])
        .header('content-disposition', `attachment; filename="products.${query.format}"`)
        .send(query.format === 'csv' ? sheetCsv(sheet) : await sheetXlsx(sheet));
    },
  );
}
