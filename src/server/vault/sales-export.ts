import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { holdings, offers, products } from '../db/schema.ts';
import { localDateTime } from '../exports/sheet.ts';
import { euroCell, personName, registerListExport, wordOf, type ListExport } from '../money/index.ts';
import type { AnyResource } from '../resources/define-resource.ts';
import { holdingResource } from '../resources/holding.ts';
import { offerResource } from '../resources/offer.ts';

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

/** `GET /holding/export`: the holdings (the vault's list; the sales list's, sold ones) its filters show, as csv or xlsx, through the lists' one export mechanism. */
export function registerSalesExport(app: FastifyInstance) {
  registerListExport(app, {
    name: 'holding',
    resource: holdingResource as unknown as AnyResource,
    table: holdings,
    title: 'app.vault.export.holdingsTitle',
    columns: COLUMNS,
    words: { status: (code) => `app.vault.holdingStatus.${code}` },
    enteredBy: holdings.purchasedBy,
    also: { product: sql`(select ${products.description} from ${products} where ${products.id} = ${holdings.productId})` },
  });
}

/** An offer's row: made when and by whom, the lead, the product, amount, purchase price and gain as numbers, status and dates in words, who released it, why it was declined or withdrawn. */
const OFFER_COLUMNS: ListExport['columns'] = [
  { title: 'app.money.export.columns.date', value: (r) => localDateTime(r.record.dateCreation as Date, r.zone) },
  { title: 'app.money.export.columns.lead', value: (r) => personName(r.lead) },
  { title: 'app.money.export.columns.email', value: (r) => r.lead?.email ?? '' },
  { title: 'app.vault.export.columns.product', value: (r) => String(r.also.product ?? '') },
  { title: 'app.vault.export.columns.amount', value: (r) => euroCell(r.record.amount) },
  { title: 'app.vault.export.columns.purchasePrice', value: (r) => euroCell(r.record.productPrice) },
  { title: 'app.vault.export.columns.gain', value: (r) => (r.record.gain === null ? '' : euroCell(r.record.gain)) },
  {
    title: 'app.money.export.columns.status',
    value: (r) => wordOf(r.lang, `app.vault.offerStatus.${String(r.record.status)}`, r.record.status),
  },
  { title: 'app.vault.export.columns.expires', value: (r) => localDateTime(r.record.expirationDate as Date, r.zone) },
  { title: 'app.vault.export.columns.origin', value: (r) => String(r.record.origin ?? '') },
  { title: 'app.vault.export.columns.madeBy', value: (r) => personName(r.entered) },
  { title: 'app.vault.export.columns.releasedBy', value: (r) => personName(r.decided) },
  // Why it was declined or withdrawn (CHECKLIST 8).
  { title: 'app.vault.export.columns.reason', value: (r) => String(r.record.decisionReason ?? '') },
];

/** `GET /offer/export`: the offers a list's filters show (a lead's: released ones only, its scope), as csv or xlsx. */
export function registerOfferExport(app: FastifyInstance) {
  registerListExport(app, {
    name: 'offer',
    resource: offerResource as unknown as AnyResource,
    table: offers,
    title: 'app.vault.export.offersTitle',
    columns: OFFER_COLUMNS,
    words: { status: (code) => `app.vault.offerStatus.${code}` },
    decidedBy: offers.releasedBy,
    also: { product: sql`(select ${products.description} from ${products} where ${products.id} = ${offers.productId})` },
  });
}
