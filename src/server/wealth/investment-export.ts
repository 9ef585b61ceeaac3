import type { FastifyInstance } from 'fastify';
import { investments } from '../db/schema.ts';
import { localDateTime } from '../exports/sheet.ts';
import { euroCell, personName, registerListExport, wordOf, type ListExport } from '../money/index.ts';
import type { AnyResource } from '../resources/define-resource.ts';
import { investmentResource } from '../resources/investment.ts';

/** The investments list's columns: the lead, the investment, its principal and rate as numbers, dates on the reader's clock, words for codes. */
const COLUMNS: ListExport['columns'] = [
  { title: 'app.money.export.columns.date', value: (r) => localDateTime(r.record.dateCreation as Date, r.zone) },
  { title: 'app.money.export.columns.lead', value: (r) => personName(r.lead) },
  { title: 'app.money.export.columns.email', value: (r) => r.lead?.email ?? '' },
  { title: 'app.investments.export.columns.name', value: (r) => String(r.record.name ?? '') },
  { title: 'app.money.export.columns.amount', value: (r) => euroCell(r.record.initialAmount) },
  { title: 'app.investments.export.columns.rentability', value: (r) => Number(r.record.rentability) },
  {
    title: 'app.investments.export.columns.frequency',
    value: (r) => wordOf(r.lang, `app.projects.frequency.${String(r.record.dividendFrequency)}`, r.record.dividendFrequency),
  },
  {
    title: 'app.money.export.columns.status',
    value: (r) => wordOf(r.lang, `app.investments.status.${String(r.record.status)}`, r.record.status),
  },
  { title: 'app.investments.export.columns.start', value: (r) => localDateTime(r.record.startDate as Date, r.zone) },
  { title: 'app.investments.export.columns.expiry', value: (r) => localDateTime(r.record.expirationDate as Date, r.zone) },
  { title: 'app.money.export.columns.enteredBy', value: (r) => personName(r.entered) },
];

/** `GET /investment/export`: the investments the list's filters show, as csv or xlsx, through the money lists' one export mechanism. */
export function registerInvestmentExport(app: FastifyInstance) {
  registerListExport(app, {
    name: 'investment',
    resource: investmentResource as unknown as AnyResource,
    table: investments,
    title: 'app.investments.export.title',
    columns: COLUMNS,
    words: {
      status: (code) => `app.investments.status.${code}`,
      dividendFrequency: (code) => `app.projects.frequency.${code}`,
    },
  });
}
