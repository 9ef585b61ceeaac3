import type { FastifyInstance } from 'fastify';
import { orders } from '../db/schema.ts';
import { symbolSpec } from '../../shared/trading/symbols.ts';
import { localDateTime, type SheetCell } from '../exports/sheet.ts';
import { euroCell, personName, registerListExport, wordOf, type ExportRow, type ListExport } from '../money/index.ts';
import type { AnyResource } from '../resources/define-resource.ts';
import { orderResource } from '../resources/order.ts';

/** A number cell with these decimals when the record has one, else an empty cell (an open order's close price). */
const numberOr = (value: unknown, decimals: number): SheetCell =>
  value === null || value === undefined || value === '' ? '' : { number: Number(value), decimals };
/** A price as the feed quotes it: the symbol's digits (5 for EURUSD, 3 for USDJPY). */
const priceOf = (r: ExportRow, field: string) => numberOr(r.record[field], symbolSpec(String(r.record.symbol))?.digits ?? 6);
const dateOr = (value: unknown, r: ExportRow) => (value ? localDateTime(value as Date, r.zone) : '');

/**
 * The order desk's columns (DESIGN.md §11, §13): when it opened, the lead by name and email, what was
 * traded in words, quantities and prices as numbers (a price as the feed quoted it), what it holds and
 * its profit in euros, and how it ended: when, by whom, why. Dates on the reader's clock.
 */
const COLUMNS: ListExport['columns'] = [
  { title: 'app.desk.export.columns.opened', value: (r) => localDateTime(r.record.dateCreation as Date, r.zone) },
  { title: 'app.money.export.columns.lead', value: (r) => personName(r.lead) },
  { title: 'app.money.export.columns.email', value: (r) => r.lead?.email ?? '' },
  { title: 'app.desk.export.columns.symbol', value: (r) => String(r.record.symbol ?? '') },
  { title: 'app.desk.export.columns.market', value: (r) => wordOf(r.lang, `app.desk.market.${String(r.record.market)}`, r.record.market) },
  { title: 'app.desk.export.columns.type', value: (r) => wordOf(r.lang, `app.desk.type.${String(r.record.type)}`, r.record.type) },
  { title: 'app.desk.export.columns.quantity', value: (r) => numberOr(r.record.quantity, 2) },
  { title: 'app.desk.export.columns.leverage', value: (r) => numberOr(r.record.leverage, 0) },
  { title: 'app.desk.export.columns.openPrice', value: (r) => priceOf(r, 'openPrice') },
  { title: 'app.desk.export.columns.closePrice', value: (r) => priceOf(r, 'closePrice') },
  { title: 'app.desk.export.columns.held', value: (r) => euroCell(r.record.held ?? 0) },
  { title: 'app.money.export.columns.status', value: (r) => wordOf(r.lang, `app.desk.status.${String(r.record.status)}`, r.record.status) },
  { title: 'app.desk.export.columns.profit', value: (r) => (r.record.profit === null ? '' : euroCell(r.record.profit)) },
  { title: 'app.desk.export.columns.closedAt', value: (r) => dateOr(r.record.closedAt, r) },
  { title: 'app.desk.export.columns.closedBy', value: (r) => personName(r.decided) },
  {
    title: 'app.desk.export.columns.closeReason',
    value: (r) => wordOf(r.lang, `app.desk.closeReason.${String(r.record.closeReason)}`, r.record.closeReason),
  },
];

/** `GET /order/export`: the orders the desk's filters show, as csv or xlsx, through the lists' one export mechanism. */
export function registerOrderExport(app: FastifyInstance) {
  registerListExport(app, {
    name: 'order',
    resource: orderResource as unknown as AnyResource,
    table: orders,
    title: 'app.desk.export.title',
    columns: COLUMNS,
    decidedBy: orders.closedBy,
    words: {
      status: (code) => `app.desk.status.${code}`,
      market: (code) => `app.desk.market.${code}`,
      type: (code) => `app.desk.type.${code}`,
    },
  });
}
