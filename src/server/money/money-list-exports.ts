import type { FastifyInstance } from 'fastify';
import { deposits, withdrawals } from '../db/schema.ts';
import { localDateTime } from '../exports/sheet.ts';
import type { AnyResource } from '../resources/define-resource.ts';
import { depositResource } from '../resources/deposit.ts';
import { withdrawalResource } from '../resources/withdrawal.ts';
import { euroCell, personName as nameOf, registerListExport, wordOf as word, type ListExport } from './list-export-routes.ts';

/**
 * The deposit and withdrawal lists' exports, registered through the one list export
 * (list-export-routes.ts; kept apart so money/index.ts re-exports the mechanism without importing the resources that import it).
 */
const MONEY_WORDS: ListExport['words'] = {
  status: (code) => `app.money.status.${code}`,
  method: (code) => `app.money.methods.${code}`,
};

const MONEY_COLUMNS: ListExport['columns'] = [
  { title: 'app.money.export.columns.date', value: (r) => localDateTime(r.record.dateCreation as Date, r.zone) },
  { title: 'app.money.export.columns.lead', value: (r) => nameOf(r.lead) },
  { title: 'app.money.export.columns.email', value: (r) => r.lead?.email ?? '' },
  { title: 'app.money.export.columns.amount', value: (r) => euroCell(r.record.amount) },
  { title: 'app.money.export.columns.status', value: (r) => word(r.lang, `app.money.status.${String(r.record.status)}`, r.record.status) },
  { title: 'app.money.export.columns.method', value: (r) => word(r.lang, `app.money.methods.${String(r.record.method)}`, r.record.method) },
  { title: 'app.money.export.columns.transactionId', value: (r) => (r.record.transactionId as string | null) ?? '' },
  {
    title: 'app.money.export.columns.reason',
    value: (r) => word(r.lang, `app.money.failureReasons.${String(r.record.failureReason)}`, r.record.failureReason),
  },
  { title: 'app.money.export.columns.enteredBy', value: (r) => nameOf(r.entered) },
  { title: 'app.money.export.columns.decidedBy', value: (r) => nameOf(r.decided) },
];

/** `GET /deposit/export` and `GET /withdrawal/export` (registered with the funds routes). */
export function registerMoneyListExports(app: FastifyInstance) {
  registerListExport(app, {
    name: 'deposit',
    resource: depositResource as unknown as AnyResource,
    table: deposits,
    title: 'app.money.export.deposits',
    words: MONEY_WORDS,
    columns: MONEY_COLUMNS,
  });
  registerListExport(app, {
    name: 'withdrawal',
    resource: withdrawalResource as unknown as AnyResource,
    table: withdrawals,
    title: 'app.money.export.withdrawals',
    words: MONEY_WORDS,
    columns: MONEY_COLUMNS,
  });
}
