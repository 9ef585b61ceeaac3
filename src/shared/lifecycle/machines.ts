import { DEPOSIT_STATUSES, OFFER_STATUSES, ORDER_STATUSES, VERIFICATION_STATUSES, WITHDRAWAL_STATUSES } from '../constants.ts';
import { defineMachine, type Machine } from './define-machine.ts';

/**
 * The lifecycles of DESIGN.md §6 and SPEC.md §4, declared once: the server refuses any other transition
 * (422 INVALID_TRANSITION) and the screens offer only these. Action names are the last path segment of
 * their route (`POST /api/v1/deposit/:id/complete`). `by: 'nobody'` marks what only the server does
 * (the scheduler, a gateway's answer).
 */

export const depositMachine = defineMachine({
  entity: 'deposit',
  states: DEPOSIT_STATUSES,
  initial: 'pending',
  frozenAfterInitial: ['amount', 'userId'],
  actions: {
    /** The lead (or staff for it) answers the bank's 3-D Secure challenge; the gateway decides the outcome. */
    'confirm-3d-secure': { from: ['awaiting_3d_secure'], to: ['completed', 'failed', 'awaiting_3d_secure'], by: 'all' },
    cancel: { from: ['pending', 'awaiting_3d_secure'], to: 'cancelled', by: 'all' },
    /** A staff-entered deposit (bank transfer) is booked or refused by staff; booked by someone else than who entered it. */
    complete: { from: ['pending'], to: 'completed', by: 'staff', fourEyes: true },
    fail: { from: ['pending'], to: 'failed', by: 'staff' },
    /** The bank's late answer after a right 3-D Secure code. */
    settle: { from: ['awaiting_3d_secure'], to: ['completed', 'failed'], by: 'nobody' },
    /** Left awaiting 3-D Secure for 15 minutes: the scheduler cancels it. */
    expire: { from: ['awaiting_3d_secure'], to: 'cancelled', by: 'nobody' },
  },
});

export const withdrawalMachine = defineMachine({
  entity: 'withdrawal',
  states: WITHDRAWAL_STATUSES,
  initial: 'pending',
  frozenAfterInitial: ['amount', 'userId'],
  actions: {
    /** Above the approval threshold: two different staff members, neither the one who entered it. */
    approve: { from: ['pending'], to: 'pending', by: 'staff' },
    complete: { from: ['pending'], to: 'completed', by: 'staff' },
    fail: { from: ['pending'], to: 'failed', by: 'staff' },
  },
});

export const orderMachine = defineMachine({
  entity: 'order',
  states: ORDER_STATUSES,
  initial: 'open',
  frozenAfterInitial: ['quantity', 'leverage', 'openPrice', 'userId', 'type', 'symbol', 'market'],
  /** Closing writes them: an open order's profit is live, never typed in. */
  fixed: ['closePrice', 'profit'],
  actions: {
    /**
     * A lead closes its own forex order at the market; staff close any order in scope, at the market or
     * with a chosen profit: a positive one is house money and waits `closing` for a second person.
     */
    close: { from: ['open'], to: ['closed', 'closing'], by: 'all' },
    /** Another staff member books the requested close (four eyes on whoever asked for it). */
    'confirm-close': { from: ['closing'], to: 'closed', by: 'staff', fourEyes: 'closeRequestedBy' },
    /** The requested close is dropped; the position stays open. */
    'cancel-close': { from: ['closing'], to: 'open', by: 'staff' },
    /** Binary settlement at expiration and the ESMA close-out, both by the scheduler (a waiting close too: the market does not wait). */
    settle: { from: ['open', 'closing'], to: 'closed', by: 'nobody' },
  },
});

/**
 * An offer pays the lead money the house chooses (DESIGN.md §12): made by one staff member, released to
 * the lead by another (four eyes), answered by the lead. Its money and who made it are the server's.
 */
export const offerMachine = defineMachine({
  entity: 'offer',
  states: OFFER_STATUSES,
  initial: 'awaiting_release',
  fixed: [
    'amount',
    'productPrice',
    'gain',
    'productId',
    'userId',
    'holdingId',
    'createdBy',
    'releasedBy',
    'releasedAt',
    'decidedAt',
    'decidedBy',
    'decisionReason',
  ],
  actions: {
    /** Another staff member than its maker shows it to the lead. */
    release: { from: ['awaiting_release'], to: 'pending', by: 'staff', fourEyes: true },
    /** Sells the holding: vault → sales at the purchase price, sales → available the amount (online only). */
    accept: { from: ['pending'], to: 'accepted', by: 'lead' },
    /** The lead says no, with a reason if it gives one. */
    decline: { from: ['pending'], to: 'rejected', by: 'lead' },
    /** Staff take back an offer not yet answered, saying why (CHECKLIST 8). */
    withdraw: { from: ['awaiting_release', 'pending'], to: 'rejected', by: 'staff' },
    /** Another offer on the same holding was accepted (in that transaction). */
    supersede: { from: ['awaiting_release', 'pending'], to: 'rejected', by: 'nobody' },
    /** Past its expiration date an unanswered offer lapses (the scheduler). */
    expire: { from: ['awaiting_release', 'pending'], to: 'expired', by: 'nobody' },
  },
});

export const INVESTMENT_STATUSES = ['active', 'ended'] as const;

export const investmentMachine = defineMachine({
  entity: 'investment',
  states: INVESTMENT_STATUSES,
  initial: 'active',
  /** Its principal is debited as it is made (DESIGN.md §10), and its dividends follow from these (the expiry too: the schedule ends there). */
  fixed: ['initialAmount', 'rentability', 'dividendFrequency', 'userId', 'expirationDate'],
  actions: {
    /** At expiry the principal comes back (the scheduler). */
    end: { from: ['active'], to: 'ended', by: 'nobody' },
  },
});

/** A lead's document verification, on the user record's `verificationStatus`. */
export const verificationMachine = defineMachine({
  entity: 'user',
  field: 'verificationStatus',
  states: VERIFICATION_STATUSES,
  initial: 'uninitialized',
  actions: {
    /** New documents (re)open the review, whatever came before. */
    submit: { from: ['uninitialized', 'pending', 'verified', 'rejected'], to: 'pending', by: 'all' },
    /** Staff verify, or reject with a reason. */
    decide: { from: ['pending'], to: ['verified', 'rejected'], by: 'staff' },
  },
});

export const ADJUSTMENT_STATUSES = ['pending', 'completed', 'failed'] as const;

/** A manual adjustment (DESIGN.md §6): an admin enters it with a reason, another staff member books it. */
export const adjustmentMachine = defineMachine({
  entity: 'adjustment',
  states: ADJUSTMENT_STATUSES,
  initial: 'pending',
  frozenAfterInitial: ['amount', 'direction', 'userId'],
  actions: {
    /** Books adjustments ⇄ available, once. */
    complete: { from: ['pending'], to: 'completed', by: 'admin', fourEyes: true },
    /** Books nothing: whoever entered it may withdraw a mistaken entry. */
    fail: { from: ['pending'], to: 'failed', by: 'admin' },
  },
});

export const DIVIDEND_STATUSES = ['pending', 'completed', 'failed'] as const;

/**
 * A dividend entered by hand (DESIGN.md §6, four eyes): a credit from the house that waits `pending`
 * until another staff member completes it. Scheduled dividends are booked `completed` by the scheduler.
 */
export const dividendMachine = defineMachine({
  entity: 'dividend',
  states: DIVIDEND_STATUSES,
  initial: 'pending',
  // While pending its amount may be corrected (whoever does becomes the one who entered it, so cannot complete it).
  frozenAfterInitial: ['amount'],
  fixed: ['investmentId', 'userId'],
  actions: {
    /** Books dividends → available, once. */
    complete: { from: ['pending'], to: 'completed', by: 'staff', fourEyes: true },
    /** Books nothing; says why. */
    fail: { from: ['pending'], to: 'failed', by: 'staff' },
  },
});

/** Every machine, for code that walks them all (the PATCH guard, the docs). */
export const MACHINES: readonly Machine[] = [
  depositMachine,
  withdrawalMachine,
  orderMachine,
  offerMachine,
  investmentMachine,
  verificationMachine,
  dividendMachine,
];
