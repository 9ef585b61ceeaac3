import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { holdings, products } from '../db/schema.ts';
import { localDateTime } from '../exports/sheet.ts';
import { euroCell, personName, registerListExport, wordOf, type ListExport } from '../money/index.ts';
import type { AnyResource } from '../resources/define-resource.ts';
import { holdingResource } from '../resources/holding.ts';

/** A holding's row: when sold (or bought), the lead and its campaign, the product, prices and gain as numbers, who bought it. */
const COLUMNS: ListExport['columns'] = [
  { title: 'app.vault.export.columns.soldAt', value: (r) => (r.record.soldAt ? localDateTime(r.record.soldAt as Date, r.zone) : '') },
  { title: 'app.money.export.columns.lead', value: (r) => personName(r.lead) },
  { title: 'app.money.export.columns.email', value: (r) => r.lead?.email ?? '' },
  { title: 'app.vault.export.columns.campaign', value: (r) => r.campaign },
  { title: 'app.vault.export.columns.product', value: (r) => String(r.also.product ?? '') },
  { title: 'app.vault.export.columns.purchasePrice', value: (r) => euroCell(r.record.purchasePrice) },
  { title: 'app.vault.export.columns.saleAmount', value: (r) => (r.record.saleAmount === null ? '' : euroCell(r.record.saleAmount)) },
  { title: 'app.vault.export.columns.gain', value: (r) => (r.record.gain === null ? '' : euroCell(r.record.gain)) },
  {
    title: 'app.money.export.columns.status',
    value: (r) => wordOf(r.lang, `app.vault.holdingStatus.${String(r.record.status)}`, r.record.status),
  },
  { title: 'app.vault.export.columns.purchasedAt', value: (r) => localDateTime(r.record.dateCreation as Date, r.zone) },
  { title: 'app.vault.export.columns.purchasedBy', value: (r) => personName(r.entered) },
];

/** `GET /holding/export`: the holdings (the sales list: sold ones) its filters show, as csv or xlsx, through the lists' one export mechanism. */
export function registerSalesExport(app: FastifyInstance) {
  registerListExport(app, {
    name: 'holding',
    resource: holdingResource as unknown as AnyResource,
    table: holdings,
    title: 'app.vault.export.title',
    columns: COLUMNS,
    words: { status: (code) => `app.vault.holdingStatus.${code}` },
    enteredBy: holdings.purchasedBy,
    also: { product: sql`(select ${products.description} from ${products} where ${products.id} = ${holdings.productId})` },
  });
}
