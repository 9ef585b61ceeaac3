/**
 * Money's one public entry (DESIGN.md §6): the rest of the server books and reads money only through
 * what this file exports, so the ledger's invariants have one door (the lint gate checks it). Money's
 * routes and actions are wired by the composition roots (app.ts, actions/registry.ts), which import
 * them directly: re-exporting them here would make a cycle (an action is defined over a resource that
 * books through this file).
 */
export { openLedger, transfer, transferMany, creditMany, balancesOf, isBooked, lockedBalance, centsToNumeric } from './ledger.ts';
export type { AccountRef, Cause, LedgerWork, TransferRequest, TransferResult } from './ledger.ts';
export { creditDeposit, depositCause } from './deposits.ts';
export { holdWithdrawal, payWithdrawal, refundWithdrawal } from './withdrawals.ts';
export { checkEntriesDaily } from './entry-limits.ts';
export { registerListExport, wordOf, personName, euroCell, type ListExport, type ExportRow } from './list-export-routes.ts';
