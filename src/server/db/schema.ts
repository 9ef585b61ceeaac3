import { sql } from 'drizzle-orm';
import type { FieldDefinition } from '../../shared/catalogue/fields.ts';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  check,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * One drizzle pg-core schema for the embedded and any external PostgreSQL (DESIGN.md §2). Columns are camelCase here and
 * snake_case in SQL (`casing: 'snake_case'`). Money is numeric(14,2), read as JS numbers.
 */
const at = (name?: string) => (name ? timestamp(name, { withTimezone: true }) : timestamp({ withTimezone: true }));
const money = () => numeric({ precision: 14, scale: 2, mode: 'number' });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** id, version and the two dates every record carries (DESIGN.md §4). */
const record = () => ({
  id: uuid().primaryKey(),
  version: integer().notNull().default(1),
  dateCreation: at().notNull().defaultNow(),
  dateLastUpdate: at().notNull().defaultNow(),
});

export const campaigns = pgTable('campaigns', { ...record(), name: text().notNull() }, (t) => [
  index().on(t.name),
  // Names are unique whatever their case: an import row names one campaign, never one of two namesakes.
  uniqueIndex('campaigns_name_lower_unique').on(sql`lower(${t.name})`),
  index().on(t.dateCreation),
]);

export const users = pgTable(
  'users',
  {
    ...record(),
    email: text().notNull(),
    /** argon2id; null until a password is set (imported leads get one by reset). */
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    roles: text().array().notNull(),
    status: text().notNull().default('active'),
    theme: text(),
    mode: text(),
    lastLogin: at(),
    campaignId: uuid().references(() => campaigns.id, { onDelete: 'restrict' }),
    assignedTo: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    qualifications: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    labels: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    phone: text(),
    mobile: text(),
    verificationStatus: text().notNull().default('uninitialized'),
    verificationNote: text(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index().using('gin', t.roles),
    index().using('gin', t.labels),
    index().using('gin', t.qualifications),
    index().on(t.assignedTo, t.dateCreation),
    index().on(t.campaignId),
    index().on(t.dateCreation),
    index().on(t.lastName, t.firstName),
    index().on(t.firstName),
    index().on(t.status),
    index().on(t.verificationStatus),
    index().on(t.lastLogin),
  ],
);

const owner = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' });

export const comments = pgTable(
  'comments',
  {
    ...record(),
    text: text().notNull(),
    hidden: boolean().notNull().default(false),
    leadId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.leadId, t.dateCreation), index().on(t.authorId)],
);

export const notifications = pgTable(
  'notifications',
  {
    ...record(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    title: text().notNull(),
    body: text(),
    /** Parameters of the translated title (`title` is an i18n key for system notifications). */
    data: jsonb().$type<Record<string, unknown>>(),
    read: boolean().notNull().default(false),
  },
  (t) => [index().on(t.userId, t.read, t.dateCreation), index().on(t.type)],
);

export const deposits = pgTable(
  'deposits',
  {
    ...record(),
    userId: owner(),
    amount: money().notNull(),
    status: text().notNull(),
    transactionId: text(),
    /** `card` (through the payment gateway) or `bank_transfer` (entered by staff). */
    method: text().notNull().default('bank_transfer'),
    /** Who entered it: the lead itself (a card deposit) or a staff member (a bank transfer, never its completer). */
    createdBy: uuid(),
    /** Who completed or failed a staff-entered deposit (four eyes: never `createdBy`). */
    decidedBy: uuid(),
    /** The gateway's reference of a card deposit. */
    gatewayReference: text(),
    /** Why a deposit failed (card_declined, insufficient_funds, bank_declined, authentication_failed, rejected_by_staff). */
    failureReason: text(),
    /** Wrong 3-D Secure codes so far (the third fails the deposit); the codes themselves are never kept. */
    secureCodeTries: integer().notNull().default(0),
    /** The slow bank: when to ask the gateway again (the scheduler settles it then); null otherwise. */
    bankRetryAt: at(),
    /** Card brand, last 4 digits and expiry only (PCI DSS 3.3.1): never the number, CVV or 3-D Secure code. */
    cardBrand: text(),
    cardLast4: text(),
    cardExpirationDate: text(),
    fullName: text(),
    street: text(),
    zipCode: text(),
    country: text(),
    phone: text(),
  },
  (t) => [
    index().on(t.userId, t.dateCreation),
    index().on(t.status),
    index().on(t.dateCreation),
    index().on(t.amount),
    index().on(t.transactionId),
    // The scheduler's two questions: deposits left awaiting 3-D Secure, and slow-bank answers due.
    index('deposits_awaiting_3ds')
      .on(t.dateCreation)
      .where(sql`${t.status} = 'awaiting_3d_secure' and ${t.bankRetryAt} is null`),
    index('deposits_bank_retry')
      .on(t.bankRetryAt)
      .where(sql`${t.status} = 'awaiting_3d_secure' and ${t.bankRetryAt} is not null`),
    check('deposits_status', sql`${t.status} in ('pending', 'awaiting_3d_secure', 'completed', 'failed', 'cancelled')`),
    check('deposits_method', sql`${t.method} in ('card', 'bank_transfer')`),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    ...record(),
    userId: owner(),
    amount: money().notNull(),
    status: text().notNull(),
    transactionId: text(),
    /** Who entered it (the lead itself or a staff member): never one of its approvers. */
    createdBy: uuid(),
    /** Staff who approved it, each once; above the settings' threshold two are needed to complete it. */
    approvedBy: uuid()
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Who completed or failed it. */
    decidedBy: uuid(),
    failureReason: text(),
  },
  (t) => [index().on(t.userId, t.dateCreation), index().on(t.status), index().on(t.dateCreation), index().on(t.amount)],
);

/**
 * A manual adjustment of a lead's available funds (DESIGN.md §6): entered by one admin with a reason,
 * booked (adjustments ⇄ available) only when another staff member completes it (four eyes).
 */
export const adjustments = pgTable(
  'adjustments',
  {
    ...record(),
    userId: owner(),
    direction: text().notNull(),
    amount: money().notNull(),
    reason: text().notNull(),
    status: text().notNull(),
    createdBy: uuid(),
    decidedBy: uuid(),
    failureReason: text(),
  },
  (t) => [
    index().on(t.userId, t.dateCreation),
    index().on(t.status),
    index().on(t.dateCreation),
    check('adjustments_status', sql`${t.status} in ('pending', 'completed', 'failed')`),
    check('adjustments_direction', sql`${t.direction} in ('credit', 'debit')`),
    check('adjustments_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    ...record(),
    userId: owner(),
    market: text().notNull().default('forex'),
    symbol: text().notNull(),
    type: text().notNull(),
    quantity: numeric({ precision: 18, scale: 4, mode: 'number' }).notNull(),
    leverage: integer().notNull(),
    openPrice: numeric({ precision: 20, scale: 6, mode: 'number' }),
    closePrice: numeric({ precision: 20, scale: 6, mode: 'number' }),
    status: text().notNull().default('open'),
    profit: money(),
    expiration: at(),
    /** What the order holds while open (DESIGN.md §11): a forex order's margin, a binary option's stake, in euros. */
    held: money().notNull().default(0),
    /** A binary option's payout %, fixed when it opens. */
    payout: numeric({ precision: 5, scale: 2, mode: 'number' }),
    /** Who opened it: the lead itself, or staff for it. */
    createdBy: uuid(),
    closedAt: at(),
    closedBy: uuid(),
    /** market (the lead), staff (a chosen profit), expiry (binary settlement), stop_out (ESMA close-out). */
    closeReason: text(),
    /** Euros per unit of the quote currency used to book the profit. */
    closeRate: numeric({ precision: 20, scale: 10, mode: 'number' }),
    /** Loss the house absorbed so the balance stayed at zero (negative balance protection). */
    houseAbsorbed: money(),
    /** A staff close with a positive profit waiting for a second person (four eyes). */
    closeRequestedBy: uuid(),
    requestedProfit: money(),
    requestedClosePrice: numeric({ precision: 20, scale: 6, mode: 'number' }),
  },
  (t) => [
    index().on(t.userId, t.status, t.dateCreation),
    index().on(t.closedAt),
    // The scheduler's questions: binary options due to settle, and open positions to watch.
    index('orders_open_expiration')
      .on(t.expiration)
      .where(sql`${t.status} = 'open' and ${t.expiration} is not null`),
    index('orders_open_user')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    index().on(t.symbol),
    index().on(t.status),
    index().on(t.dateCreation),
    index().on(t.expiration),
    index().on(t.market),
  ],
);

export const projects = pgTable(
  'projects',
  {
    ...record(),
    name: text().notNull(),
    description: jsonb().$type<{ en: string; fr: string; de: string }>().notNull(),
    rentability: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    duration: integer().notNull(),
    image: text().notNull(),
    coefficient: numeric({ precision: 4, scale: 2, mode: 'number' }).notNull(),
    minimumAmount: money().notNull(),
    dividendFrequency: text().notNull(),
  },
  (t) => [index().on(t.name), index().on(t.dateCreation), index().on(t.rentability), index().on(t.minimumAmount)],
);

export const investments = pgTable(
  'investments',
  {
    ...record(),
    userId: owner(),
    projectId: uuid().references(() => projects.id, { onDelete: 'set null' }),
    name: text().notNull(),
    initialAmount: money().notNull(),
    rentability: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    expirationDate: at().notNull(),
    dividendFrequency: text().notNull(),
    /** active until expiry brings the principal back (DESIGN.md §10). */
    status: text().notNull().default('active'),
    /** When it starts paying: its creation, or a later date chosen then (never a past one). */
    startDate: at().notNull().defaultNow(),
    /** Who entered it: staff for a lead, or the lead itself through a project subscription. */
    createdBy: uuid(),
    /** The scheduler's watermark: the next period to pay and when it falls due; null once every period is paid. */
    nextPeriod: integer().notNull().default(1),
    nextDueAt: at(),
    /** A project subscription's drawn signature (a private upload). */
    signatureUploadId: uuid(),
  },
  (t) => [
    index().on(t.userId, t.dateCreation),
    index().on(t.expirationDate),
    index().on(t.projectId),
    index().on(t.dateCreation),
    index().on(t.status),
    // The dividend job's one question: which active investments have a period due by now.
    index('investments_next_due')
      .on(t.nextDueAt)
      .where(sql`${t.nextDueAt} is not null`),
    check('investments_status', sql`${t.status} in ('active', 'ended')`),
  ],
);

export const dividends = pgTable(
  'dividends',
  {
    ...record(),
    /** The investment's owner, kept here so scope and sync need no join. */
    userId: owner(),
    investmentId: uuid()
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    amount: money().notNull(),
    /** A scheduled dividend's period (1 … n, DESIGN.md §10); null for one entered by hand. */
    period: integer(),
    /** The date the period fell due (scheduled); the money's own date on the statement. */
    dueDate: at(),
    /** completed when credited; a hand-entered one waits pending for a second person (four eyes). */
    status: text().notNull().default('completed'),
    createdBy: uuid(),
    decidedBy: uuid(),
    failureReason: text(),
  },
  (t) => [
    index().on(t.investmentId, t.dateCreation),
    index().on(t.userId),
    index().on(t.dateCreation),
    index().on(t.status),
    // Each period is paid once, whatever retries, crashes or API nodes.
    uniqueIndex('dividends_investment_period').on(t.investmentId, t.period),
    check('dividends_status', sql`${t.status} in ('pending', 'completed', 'failed')`),
  ],
);

export const productMarkets = pgTable(
  'product_markets',
  { ...record(), name: text().notNull(), description: text().notNull(), iconUrl: text().notNull() },
  (t) => [index().on(t.name), index().on(t.dateCreation)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    ...record(),
    name: text().notNull(),
    status: text().notNull().default('active'),
    fields: jsonb()
      .$type<FieldDefinition[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [index().on(t.name), index().on(t.status), index().on(t.dateCreation)],
);

export const products = pgTable(
  'products',
  {
    ...record(),
    categoryId: uuid()
      .notNull()
      .references(() => productCategories.id, { onDelete: 'restrict' }),
    marketId: uuid().references(() => productMarkets.id, { onDelete: 'set null' }),
    values: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    price: money().notNull(),
    description: text(),
    file: text(),
    image: text(),
    /** The lead holding it: a unique item, held by at most one lead at a time (taken by one conditional update). */
    heldBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index().on(t.categoryId),
    index().on(t.marketId),
    index().on(t.price),
    index().on(t.dateCreation),
    index().on(t.heldBy),
    // Filters on dynamic values (`values @> {...}`) walk this index.
    index('products_values_gin').using('gin', sql`${t.values} jsonb_path_ops`),
  ],
);

/** A product bought for a lead (DESIGN.md §12): held in its vault at the purchase price until an accepted offer sells it. */
export const holdings = pgTable(
  'holdings',
  {
    ...record(),
    userId: owner(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    purchasePrice: money().notNull(),
    status: text().notNull().default('held'),
    purchasedBy: uuid(),
    soldAt: at(),
    /** The accepted offer that sold it, its amount and gain (amount − purchase price). */
    offerId: uuid(),
    saleAmount: money(),
    gain: money(),
  },
  (t) => [
    index().on(t.userId, t.dateCreation),
    index().on(t.productId),
    index().on(t.status, t.soldAt),
    index().on(t.dateCreation),
    check('holdings_status', sql`${t.status} in ('held', 'sold')`),
    check('holdings_price_positive', sql`${t.purchasePrice} > 0`),
  ],
);

export const offers = pgTable(
  'offers',
  {
    ...record(),
    userId: owner(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productPrice: money().notNull(),
    gain: money(),
    amount: money().notNull(),
    status: text().notNull().default('pending'),
    expirationDate: at().notNull(),
    origin: text().notNull(),
    /** The holding it would buy. */
    holdingId: uuid().references(() => holdings.id, { onDelete: 'restrict' }),
    /** Made by one staff member, released to the lead by another (four eyes), answered by the lead. */
    createdBy: uuid(),
    releasedBy: uuid(),
    releasedAt: at(),
    decidedAt: at(),
    /**
     * Who ended it without a sale and why: the lead who declined (a reason if given), the staff member
     * who withdrew it (a reason always); null when accepted, taken by another offer, or expired.
     */
    decidedBy: uuid(),
    decisionReason: text(),
  },
  (t) => [
    index().on(t.userId, t.dateCreation),
    index().on(t.productId),
    index().on(t.holdingId, t.status),
    index('offers_pending_expiration')
      .on(t.expirationDate)
      .where(sql`${t.status} in ('pending', 'awaiting_release')`),
    index().on(t.status),
    index().on(t.expirationDate),
    index().on(t.dateCreation),
    index().on(t.amount),
  ],
);

export const settings = pgTable('settings', {
  ...record(),
  theme: text().notNull().default('purple'),
  companyDescription: text(),
  companyName: text().notNull().default(''),
  street: text(),
  number: text(),
  zipCode: text(),
  city: text(),
  country: text(),
  phone: text(),
  email: text(),
  labels: text()
    .array()
    .notNull()
    .default(sql`'{}'`),
  qualifications: text()
    .array()
    .notNull()
    .default(sql`'{}'`),
  logo: text(),
  media: jsonb()
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  receiveEmails: boolean().notNull().default(true),
  receiveNotifications: boolean().notNull().default(true),
  /** Withdrawals above this amount (euros) need two staff approvals (DESIGN.md §6). */
  withdrawalApprovalThreshold: money().notNull().default(10_000),
  /** Four eyes on money that staff create (DESIGN.md §6); only root may switch it off (a company with one staff member). */
  fourEyes: boolean().notNull().default(true),
  /** Card deposits: the most one deposit may carry, and the most one lead may deposit by card in 24 hours (euros). */
  cardDepositMax: money().notNull().default(10_000),
  cardDepositDailyMax: money().notNull().default(25_000),
  /** Amounts above this ask the person once more before they are sent (euros). */
  amountConfirmationLevel: money().notNull().default(5_000),
  /** Binary options are banned for EU retail clients (ESMA 2018): offered only when this is on and the lead has the label. */
  binaryOptionsEnabled: boolean().notNull().default(false),
});

/** A signed-in device; revoking it (logout, lock, reset) ends the token on its next request. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The real person behind an impersonation token; null for a plain sign-in. */
    actorId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    revokedAt: at(),
    userAgent: text(),
    ip: text(),
  },
  // By actor too: locking or demoting an admin ends the impersonations it opened.
  (t) => [index().on(t.userId), index().on(t.actorId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: at().notNull().defaultNow(),
    actorId: uuid(),
    /** Whom the actor was impersonating when acting, if anyone. */
    onBehalfOf: uuid(),
    action: text().notNull(),
    entity: text(),
    entityId: text(),
    data: jsonb(),
  },
  (t) => [index().on(t.entity, t.entityId), index().on(t.actorId), index().on(t.at)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer().notNull(),
    /**
     * The answer as it was sent, kept verbatim (json, not jsonb): only replayed whole, never queried
     * into, and a 10,000-record batch answer (5 MB) is not converted to jsonb's binary form to be stored.
     */
    body: json(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index().on(t.createdAt)],
);

/**
 * Added to a transaction id to make a change-log seq: 2^40, above every seq numbered by the sequence
 * before migration 0010, so cursors handed out then stay below every change written since.
 */
export const CHANGE_SEQ_BASE = 1_099_511_627_776;

/**
 * Every change, written in the transaction of the change itself; `/sync` serves it. `audience` holds the
 * users (owner lead, its assigned staff) who may see the record for scoped entities, null for others.
 * `seq` is the cursor: the writing transaction's id plus CHANGE_SEQ_BASE, one value for all its rows,
 * read only below the oldest transaction still open (db/change-cursor.ts); `id` orders rows within it.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    seq: bigint({ mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint + 1099511627776)`),
    entity: text().notNull(),
    recordId: uuid().notNull(),
    op: text().$type<'upsert' | 'delete'>().notNull(),
    audience: uuid().array(),
    at: at().notNull().defaultNow(),
  },
  (t) => [index().using('gin', t.audience), index().on(t.entity, t.seq), index().on(t.seq)],
);

/**
 * Each compaction of the change log (docs/decisions/change-log-compaction.md): rows up to `throughSeq`
 * that a later row of the same record supersedes, or that log a deletion, are gone. A `/sync` cursor
 * below the highest `throughSeq` can no longer be served as a delta: that client resyncs from 0.
 */
export const changeLogCompactions = pgTable('change_log_compactions', {
  throughSeq: bigint({ mode: 'number' }).primaryKey(),
  at: at().notNull(),
  /** Change-log rows removed by this compaction. */
  removed: integer().notNull(),
});

/**
 * The scheduler's bookings (DESIGN.md §14): one row per (job, due item), inserted when the item is
 * found due, locked FOR UPDATE SKIP LOCKED by the node that runs it and marked done in the
 * transaction of its work, so an item is never booked twice and a crash leaves it to run again.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text().notNull(),
    key: text().notNull(),
    /** When the item fell due, by the scheduler's clock. */
    dueAt: at().notNull(),
    doneAt: at(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.key] }),
    index('job_runs_pending')
      .on(t.job, t.dueAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey(),
    /** The last segment of its URL; the file name under DATA_DIR/uploads when one node keeps the bytes on disk. */
    name: text().notNull(),
    ownerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    mime: text().notNull(),
    size: integer().notNull(),
    originalName: text(),
    /** Private files (verification documents) are served only to their owner and staff. */
    private: boolean().notNull().default(false),
    purpose: text().notNull().default('file'),
    /** Who sent the file (a lead's documents may be uploaded by staff for it: that person never verifies them). */
    uploadedBy: uuid(),
    createdAt: at().notNull().defaultNow(),
    /** When staff rejected this verification document: kept for the record, shown apart, never decided on again. */
    rejectedAt: at(),
  },
  (t) => [uniqueIndex('uploads_name_unique').on(t.name), index().on(t.ownerId)],
);

/**
 * The bytes of an upload when several nodes share the database (src/server/uploads/file-store.ts,
 * docs/decisions/several-nodes.md); one node keeps them on its disk instead and leaves this empty.
 */
export const uploadContents = pgTable('upload_contents', {
  uploadId: uuid()
    .primaryKey()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  bytes: bytea().notNull(),
});

/**
 * socket.io events too big for one NOTIFY (over 8,000 bytes) between API nodes: the PostgreSQL
 * adapter (@socket.io/postgres-adapter) writes them here, sends their id, and deletes them after 30 s.
 * Its own columns and names, as the adapter expects them.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial({ mode: 'number' }).unique(),
  createdAt: at().defaultNow(),
  payload: bytea(),
});

/**
 * Counters shared by every API node on one database (docs/decisions/limits-in-the-database.md):
 * failed sign-ins per account/address pair, per account and per address, and heavy requests per user.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text().primaryKey(),
    hits: integer().notNull().default(0),
    windowStart: at().notNull().defaultNow(),
    blockedUntil: at(),
    /** For an account/address pair: when it last signed in successfully (a known device). */
    succeededAt: at(),
  },
  (t) => [index().on(t.windowStart)],
);

/**
 * The double-entry ledger (DESIGN.md §6), written only by src/server/money/ledger.ts. Each lead has
 * five accounts, the house six (`leadId` null); a lead's balance is never negative, the house's may be.
 */
export const accounts = pgTable(
  'accounts',
  {
    ...record(),
    leadId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    kind: text().notNull(),
    balance: money().notNull().default(0),
  },
  (t) => [
    uniqueIndex('accounts_lead_kind_unique').on(t.leadId, t.kind),
    uniqueIndex('accounts_house_kind_unique')
      .on(t.kind)
      .where(sql`${t.leadId} is null`),
    check('accounts_lead_balance_not_negative', sql`${t.leadId} is null or ${t.balance} >= 0`),
  ],
);

/** One movement of money; its cause is unique so an effect is never booked twice. Never updated or deleted. */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid().primaryKey(),
    sourceEntity: text().notNull(),
    sourceId: uuid().notNull(),
    kind: text().notNull(),
    amount: money().notNull(),
    fromAccountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    toAccountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** The signed-in user who caused it; null for scheduled work. */
    actorId: uuid(),
    memo: text(),
    at: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transfers_cause_unique').on(t.sourceEntity, t.sourceId, t.kind),
    check('transfers_amount_positive', sql`${t.amount} > 0`),
    check('transfers_two_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
    index().on(t.at),
  ],
);

/** The two sides of a transfer, each with its account's balance before and after; mirrored to the lead. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    ...record(),
    /** Order of entries on one account (taken under the account's lock): the statement's running order. */
    seq: bigserial({ mode: 'number' }).notNull(),
    transferId: uuid()
      .notNull()
      .references(() => transfers.id, { onDelete: 'restrict' }),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** The account's lead (null for a house account), kept here so scope and sync need no join. */
    leadId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    accountKind: text().notNull(),
    /** The transfer's kind and cause, so a statement filters and explains without a join. */
    kind: text().notNull(),
    sourceEntity: text().notNull(),
    sourceId: uuid().notNull(),
    /** Signed: positive on the receiving account. */
    amount: money().notNull(),
    balanceBefore: money().notNull(),
    balanceAfter: money().notNull(),
  },
  (t) => [
    index().on(t.leadId, t.accountKind, t.seq),
    index().on(t.accountId, t.seq),
    index().on(t.transferId),
    check('ledger_entries_lead_balance_not_negative', sql`${t.leadId} is null or ${t.balanceAfter} >= 0`),
  ],
);
