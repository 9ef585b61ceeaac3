import { and, count, eq, getTableName, inArray, lte, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { slugKey } from '../../shared/catalogue/fields.ts';
import { LEAD_LABELS } from '../../shared/constants.ts';
import type { EntityName } from '../../shared/entities/index.ts';
import { insertMany } from '../db/bulk-insert.ts';
import type { Db, Executor } from '../db/client.ts';
import {
  campaigns,
  changeLog,
  comments,
  deposits,
  dividends,
  holdings,
  investments,
  notifications,
  offers,
  orders,
  productCategories,
  productMarkets,
  products,
  projects,
  settings,
  users,
  withdrawals,
} from '../db/schema.ts';
import { hashPassword } from '../sessions/passwords.ts';
import { workOn, writeChanges, type Change } from '../http/mutate.ts';
import { audienceOf } from '../policy.ts';
import { resourceByEntity } from '../resources/registry.ts';
import type { Actor } from '../context.ts';
import { creditDeposit, holdWithdrawal, openLedger, payWithdrawal, refundWithdrawal } from '../money/index.ts';
import { payDue } from '../wealth/dividend-job.ts';
import { bookOpening, firstWatermark, type InvestmentRow } from '../wealth/open-investment.ts';
import { bookPurchase, bookSale } from '../vault/vault-ledger.ts';
import type { FileStore } from '../uploads/file-store.ts';
import { storeFiles } from '../uploads/store.ts';
import { createRandom, type Random } from './random.ts';
import {
  CAMPAIGNS,
  CATEGORIES,
  COMMENTS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  MARKETS,
  NOTIFICATIONS,
  PLACES,
  PROJECTS,
  QUALIFICATIONS,
  pngImage,
} from './vocabulary.ts';

/** Every demo account signs in with this password (one argon2 hash, computed once, shared by all). */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_DOMAIN = 'brokerdesk.test';
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_DOMAIN}`;
export const DEMO_LEAD_EMAIL = `lead@${DEMO_DOMAIN}`;

export type SeedOptions = {
  /** The server's file store (app.services.files): verification documents are kept where uploads are. */
  files: FileStore;
  /** Leads to make (default 3,000). */
  leads?: number;
  /** Same seed (and same `now`) → same data, ids included (only the password hash's salt differs). */
  seed?: number;
  /** Regular staff members the leads are shared between (default 6). */
  regulars?: number;
  /** The end of the period the data is spread over; default: today at 00:00 UTC, so a day's reruns match. */
  now?: Date;
  /** Months of history before `now` (default 9). */
  months?: number;
  /** Progress lines, e.g. `console.log`. */
  log?: (message: string) => void;
};

export type DemoLogin = { email: string; password: string; roles: string[]; firstName: string; lastName: string };

export type SeedReport = {
  seed: number;
  leads: number;
  /** Rows made per entity (SPEC.md names), plus `changeLog`. */
  counts: Record<string, number>;
  logins: DemoLogin[];
  durationMs: number;
};

type Row = Record<string, unknown>;

const DAY = 86_400_000;
/** A demo verification document: a 1×1 PNG, enough for the upload path's type check and the document viewer. */
const DOCUMENT_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const DOCUMENT_NAMES = ['identity-card.png', 'proof-of-address.png'];
const SEEDED_TABLES = [
  campaigns,
  users,
  projects,
  productMarkets,
  productCategories,
  products,
  comments,
  deposits,
  withdrawals,
  investments,
  dividends,
  orders,
  holdings,
  offers,
  notifications,
  changeLog,
  settings,
];
/** Leads generated, then written, at a time: memory stays flat at 100,000 leads. */
const BLOCK = 5_000;

const cents = (euros: number) => Math.round(euros * 100);
const euros = (cents: number) => cents / 100;
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
const addMonths = (ms: number, months: number) => {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
};

/** The demo's staff accounts and its one lead account, all with DEMO_PASSWORD. */
export function demoLogins(regulars = 6): DemoLogin[] {
  const login = (email: string, roles: string[], firstName: string, lastName: string) => ({
    email,
    password: DEMO_PASSWORD,
    roles,
    firstName,
    lastName,
  });
  return [
    login(DEMO_ADMIN_EMAIL, ['admin'], 'Alexandra', 'Keller'),
    ...Array.from({ length: regulars }, (_, i) => {
      // Spread over the lists so staff names do not repeat.
      const first = FIRST_NAMES[(i * 7 + 3) % FIRST_NAMES.length];
      const last = LAST_NAMES[(i * 11 + 5) % LAST_NAMES.length];
      return login(`${ascii(first)}.${ascii(last)}${i ? i + 1 : ''}@${DEMO_DOMAIN}`, ['regular'], first, last);
    }),
    login(DEMO_LEAD_EMAIL, ['lead'], 'Lucas', 'Bernard'),
  ];
}

/** Multi-row INSERTs, one json parameter per chunk (src/server/db/bulk-insert.ts): 3× faster than drizzle's `values()` here. */
async function insertRows(db: Executor, table: PgTable, rows: Row[]) {
  if (rows.length) await insertMany(db, table, rows);
}

/** True when the database holds more than what a first start makes (root and settings): then the demo leaves it alone. */
export async function hasData(db: Executor): Promise<boolean> {
  const [others] = await db
    .select({ value: count() })
    .from(users)
    .where(sql`not ('root' = any(${users.roles}))`);
  const [campaignRows] = await db.select({ value: count() }).from(campaigns);
  return others.value > 0 || campaignRows.value > 0;
}

/** Why staff failed a demo withdrawal, as they would write it. */
const WITHDRAWAL_FAILURES = ['IBAN closed', 'Name does not match the account holder', 'Bank refused the transfer'] as const;

/**
 * Fills `db` with realistic demo data: staff, `leads` leads over campaigns, their comments, money
 * records (deposits, withdrawals, investments with dividends, orders; the ledger books the deposits
 * and withdrawals, as the API does: `bookMoney`), the catalogue (projects, markets, categories with dynamic fields, products) and offers. Every row
 * also gets its change-log row, with the audience `audienceOf` (src/server/policy.ts) would give it,
 * so `/sync` serves the demo like data made through the API. One transaction: all or nothing.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const leadCount = Math.max(1, Math.floor(options.leads ?? 3_000));
  const seed = options.seed ?? 1;
  const regularCount = Math.max(1, options.regulars ?? 6);
  const now = (options.now ?? new Date(Math.floor(Date.now() / DAY) * DAY)).getTime();
  const start = addMonths(now, -(options.months ?? 9));
  const span = now - start;
  const log = options.log ?? (() => {});
  const random = createRandom(seed);
  const counts: Record<string, number> = {};
  const tally = (name: string, n: number) => (counts[name] = (counts[name] ?? 0) + n);

  // argon2 is deliberately slow: hash once, share the hash.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    // No lock for the change log: its rows carry this transaction's id, and /sync reads below every
    // transaction still open, this one included (db/change-cursor.ts).
    const changes: Change[] = [];
    /** Rows of an entity, each with its change-log row: the audience by the resource's own rule (policy.ts audienceOf). */
    const write = async (entity: EntityName, table: PgTable, rows: Row[]) => {
      await insertRows(tx, table, rows);
      tally(entity, rows.length);
      const { scope } = resourceByEntity(entity)!.access;
      for (const row of rows) changes.push({ entity, recordId: row.id as string, op: 'upsert', ...audienceOf(scope, row) });
    };
    /** The change-log rows written since the last flush, as every API write writes them (mutate.ts writeChanges). */
    const flushChanges = async () => {
      if (changes.length) await writeChanges(tx, changes);
      tally('changeLog', changes.length);
      changes.length = 0;
    };
    const record = (createdMs: number, updatedMs = createdMs) => ({
      id: random.uuid(createdMs),
      version: updatedMs > createdMs ? 2 : 1,
      dateCreation: new Date(createdMs),
      dateLastUpdate: new Date(updatedMs),
    });
    const catalogueTime = () => start - random.int(20, 60) * DAY + random.int(0, DAY);

    // Campaigns and staff come first: leads point at them.
    const campaignRows = CAMPAIGNS.map((name) => ({ ...record(catalogueTime()), name }));
    await write('campaign', campaigns, campaignRows);

    const staffTime = start - 90 * DAY;
    const staffRows = demoLogins(regularCount)
      .filter((login) => login.roles[0] !== 'lead')
      .map((login) => ({
        ...record(staffTime + random.int(0, 10 * DAY)),
        email: login.email,
        passwordHash,
        firstName: login.firstName,
        lastName: login.lastName,
        roles: login.roles,
        status: 'active',
        lastLogin: new Date(now - random.int(1, 72) * 3_600_000),
        qualifications: [],
        labels: [],
        phone: `+33 1 ${random.digits(2)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)}`,
        verificationStatus: 'verified',
      }));
    await write('user', users, staffRows);
    const adminId = staffRows[0].id;
    const regularIds = staffRows.slice(1).map((s) => s.id);

    // The catalogue: projects, markets, categories with dynamic fields, products. Their images are
    // public uploads sent by the admin, as through the API (URL fields take uploads, never data: URLs).
    const images = await storeFiles(
      tx,
      options.files,
      [...PROJECTS, ...MARKETS].map((item) => ({ bytes: pngImage(item.colour), originalName: `${item.name}.png` })),
      // A project's image is a projectImage upload (JPG, PNG or GIF), as `POST /project/{id}/image` keeps it.
      (index) => ({ ownerId: adminId, purpose: index < PROJECTS.length ? 'projectImage' : 'image', private: false, uploadedBy: adminId }),
    );
    const projectRows = PROJECTS.map((p, index) => ({
      ...record(catalogueTime()),
      name: p.name,
      description: p.description,
      rentability: p.rentability,
      duration: p.duration,
      image: images[index].url,
      coefficient: p.coefficient,
      minimumAmount: p.minimumAmount,
      dividendFrequency: p.dividendFrequency,
    }));
    await write('project', projects, projectRows);

    const marketRows = MARKETS.map((m, index) => ({
      ...record(catalogueTime()),
      name: m.name,
      description: m.description,
      iconUrl: images[PROJECTS.length + index].url,
    }));
    await write('product-market', productMarkets, marketRows);

    const categoryRows = CATEGORIES.map((c) => ({ ...record(catalogueTime()), name: c.name, status: c.status, fields: c.fields }));
    await write('product-category', productCategories, categoryRows);

    const productRows: Row[] = [];
    CATEGORIES.forEach((category, index) => {
      if (category.status !== 'active') return;
      const marketId = marketRows.find((m) => m.name === category.market)?.id ?? null;
      for (let i = 0; i < 10; i++) {
        const { values, price, description } = productValues(random, category.name);
        productRows.push({
          ...record(catalogueTime()),
          categoryId: categoryRows[index].id,
          marketId,
          values,
          price,
          description,
          file: null,
          image: null,
        });
      }
    });
    // Each product its own image, a shade of its market's colour, kept through the upload path as `POST /product/{id}/file` keeps one.
    const productImages = await storeFiles(
      tx,
      options.files,
      productRows.map((row, index) => ({
        bytes: pngImage(
          shade(MARKETS.find((m) => marketRows.find((r) => r.id === row.marketId)?.name === m.name)?.colour ?? '#64748b', index % 10),
        ),
        originalName: `product-${index + 1}.png`,
      })),
      { ownerId: adminId, purpose: 'image', private: false, uploadedBy: adminId },
    );
    productRows.forEach((row, index) => (row.image = productImages[index].url));
    await write('product', products, productRows);
    await flushChanges();

    const availableProducts = productRows as { id: string; price: number }[];
    /** Products some lead holds now (a product is a unique item: DESIGN.md §12). */
    const heldProducts = new Set<string>();
    const staffNotifications: Row[] = [];
    for (const staff of staffRows) {
      staffNotifications.push({
        ...record(now - random.int(1, 20) * DAY),
        userId: staff.id,
        ...NOTIFICATIONS.system,
        read: random.chance(0.5),
      });
    }

    // Leads, block by block, each with what belongs to them.
    for (let first = 0; first < leadCount; first += BLOCK) {
      const block = new Block();
      for (let index = first; index < Math.min(leadCount, first + BLOCK); index++) {
        makeLead(block, index);
      }
      await write('user', users, block.leads);
      // Documents through the upload path itself (type check, file, record): a lead's verification state matches what it sent.
      await storeFiles(
        tx,
        options.files,
        block.documents.map(({ originalName, createdAt, rejectedAt }) => ({ bytes: DOCUMENT_IMAGE, originalName, createdAt, rejectedAt })),
        (index) => ({ ownerId: block.documents[index].ownerId, purpose: 'document', private: true }),
      );
      tally('document', block.documents.length);
      await write('comment', comments, block.comments);
      await write('deposit', deposits, block.deposits);
      await write('withdrawal', withdrawals, block.withdrawals);
      await write('investment', investments, block.investments);
      await write('dividend', dividends, block.dividends);
      await write('holding', holdings, block.holdings);
      await write('offer', offers, block.offers);
      await holdProducts(block);
      await write('notification', notifications, block.notifications);
      await bookMoney(block);
      await flushChanges();
      log(`  seeded ${Math.min(leadCount, first + BLOCK)} / ${leadCount} leads`);
    }
    await write('notification', notifications, staffNotifications);
    await flushChanges();

    // The company settings a first start left empty.
    const [current] = await tx.select().from(settings).limit(1);
    if (current) {
      await tx
        .update(settings)
        .set({
          companyName: current.companyName || 'BrokerDesk Demo',
          companyDescription: current.companyDescription ?? 'Investments, trading and collectibles for private clients.',
          email: current.email ?? `contact@${DEMO_DOMAIN}`,
          city: current.city ?? 'Luxembourg',
          country: current.country ?? 'Luxembourg',
          labels: current.labels.length ? current.labels : [...LEAD_LABELS],
          qualifications: current.qualifications.length ? current.qualifications : [...QUALIFICATIONS],
        })
        .where(eq(settings.id, current.id));
    }

    /**
     * The money of a block through the functions the API books with (DESIGN.md §6): a completed
     * deposit's credit, a withdrawal's hold, then its payment or refund. Balances then agree with the
     * ledger by construction, and its rules live in one place.
     */
    async function bookMoney(block: Block) {
      const booked: Change[] = [];
      const seeder: Actor = { id: adminId as string, roles: ['admin'], email: DEMO_ADMIN_EMAIL, sessionId: '', impersonatorId: null };
      const work = workOn(tx, seeder, booked, null);
      const ledger = openLedger(tx);
      for (const deposit of block.deposits) {
        if (deposit.status === 'completed') await creditDeposit(work, deposit as Parameters<typeof creditDeposit>[1]);
      }
      for (const row of block.withdrawals) {
        const withdrawal = row as Parameters<typeof holdWithdrawal>[1];
        await holdWithdrawal(work, withdrawal);
        if (withdrawal.status === 'completed') await payWithdrawal(work, withdrawal);
        if (withdrawal.status === 'failed') await refundWithdrawal(work, withdrawal);
      }
      // Investments as openInvestment books them (principal available → invested), then the scheduler's
      // catch-up up to now: every period due paid once on its date, the expired ones ended, principal back.
      for (const row of block.investments) await bookOpening(work, row as InvestmentRow);
      // Products bought for leads (available → vault), then the accepted offers' sales (vault → sales → available).
      for (const holding of block.holdings) await bookPurchase(work, holding as { id: string; userId: string; purchasePrice: number });
      for (const offer of block.offers.filter((o) => o.status === 'accepted')) {
        const holding = block.holdings.find((h) => h.id === offer.holdingId)!;
        await bookSale(work, {
          offerId: offer.id as string,
          userId: offer.userId as string,
          purchasePrice: holding.purchasePrice as number,
          amount: offer.amount as number,
        });
      }
      const opened = block.investments.map((row) => row.id as string);
      if (opened.length) {
        const due = await tx
          .select()
          .from(investments)
          .where(and(inArray(investments.id, opened), lte(investments.nextDueAt, new Date(now))));
        await payDue(work, due, new Date(now));
      }
      await ledger.settle();
      await dateAsRecords(block);
      if (booked.length) {
        await writeChanges(tx, booked);
        tally('changeLog', booked.length);
      }
    }

    /**
     * The block's ledger rows dated as the money moved, not as the seed ran: a deposit's entries at its
     * completion, a withdrawal's hold when it was asked for and its payment or refund when decided. A
     * July deposit on the list is then a July line on the statement (issue 24). The seed only: the API
     * books at the moment the money moves, so its dates are right by construction.
     */
    async function dateAsRecords(block: Block) {
      const moments = [
        ...block.deposits.filter((d) => d.status === 'completed').map((d) => ({ id: d.id, kind: 'deposit', at: d.dateLastUpdate })),
        ...block.withdrawals.flatMap((w) => [
          { id: w.id, kind: 'withdrawal_hold', at: w.dateCreation },
          { id: w.id, kind: 'withdrawal_paid', at: w.dateLastUpdate },
          { id: w.id, kind: 'withdrawal_refund', at: w.dateLastUpdate },
        ]),
        ...block.holdings.map((h) => ({ id: h.id, kind: 'purchase', at: h.dateCreation })),
        ...block.offers
          .filter((o) => o.status === 'accepted')
          .flatMap((o) => [
            { id: o.id, kind: 'sale', at: o.decidedAt },
            { id: o.id, kind: 'sale-credit', at: o.decidedAt },
          ]),
      ].map((m) => ({ id: String(m.id), kind: m.kind, at: (m.at as Date).toISOString() }));
      if (!moments.length) return;
      const rows = sql`jsonb_to_recordset(${JSON.stringify(moments)}::jsonb) as m(id uuid, kind text, at timestamptz)`;
      await tx.execute(sql`update ledger_entries e set date_creation = m.at, date_last_update = m.at
        from ${rows} where e.source_id = m.id and e.kind = m.kind`);
      await tx.execute(sql`update transfers t set at = m.at from ${rows} where t.source_id = m.id and t.kind = m.kind`);
    }

    /** The products a block's leads hold now, as the purchase's conditional update leaves them (held_by), with their change-log rows. */
    async function holdProducts(block: Block) {
      const held = block.holdings.filter((h) => h.status === 'held');
      if (!held.length) return;
      const rows = sql`jsonb_to_recordset(${JSON.stringify(held.map((h) => ({ id: h.productId, lead: h.userId })))}::jsonb) as h(id uuid, lead uuid)`;
      await tx.execute(sql`update products p set held_by = h.lead, version = p.version + 1 from ${rows} where p.id = h.id`);
      for (const h of held) changes.push({ entity: 'product', recordId: h.productId as string, op: 'upsert', audience: null });
    }

    /**
     * A lead's vault (DESIGN.md §12): products bought for it within what it may spend, each unique, and
     * offers on them in every state: waiting for release (made by its staff member), pending (released by
     * another), declined, expired, and at times one accepted, which sold the product (the holding's other
     * open offers rejected with it). The demo lead's has all of them.
     */
    function makeVault(
      block: Block,
      leadId: string,
      assignedTo: string | null,
      demo: boolean,
      spendable: number,
      later: (fraction?: number) => number,
    ) {
      const maker = assignedTo ?? adminId;
      const releaser = maker === adminId ? regularIds[0] : adminId;
      const count = demo ? 2 : random.int(1, 2);
      for (let i = 0; i < count; i++) {
        // The demo lead's are the cheapest free ones; another lead's one it can afford.
        const affordable = availableProducts.filter((p) => !heldProducts.has(p.id) && cents(p.price) <= spendable);
        if (!affordable.length) return spendable;
        const product = demo ? affordable.reduce((a, b) => (a.price <= b.price ? a : b)) : random.pick(affordable);
        heldProducts.add(product.id);
        spendable -= cents(product.price);
        const bought = later(0.4);
        const holding: Row = {
          ...record(bought),
          userId: leadId,
          productId: product.id,
          purchasePrice: product.price,
          status: 'held',
          purchasedBy: maker,
          soldAt: null,
          offerId: null,
          saleAmount: null,
          gain: null,
        };
        block.holdings.push(holding);
        const states = demo
          ? i === 0
            ? (['pending', 'awaiting_release', 'rejected', 'expired'] as const)
            : (['accepted', 'rejected'] as const)
          : random.some(['pending', 'awaiting_release', 'rejected', 'expired', 'accepted'] as const, random.int(1, 3));
        const sold = states.includes('accepted' as never);
        const soldAt = sold ? Math.min(now - DAY, bought + random.int(2, 20) * DAY) : 0;
        for (const drawn of states) {
          // Accepting rejects the holding's other open offers with it (the accept action's `supersede`).
          const state = sold && (drawn === 'pending' || drawn === 'awaiting_release') ? 'rejected' : drawn;
          const made =
            state === 'accepted' || (sold && state === 'rejected')
              ? Math.max(bought + DAY / 2, soldAt - DAY)
              : bought + random.int(1, 5) * DAY;
          const amount = Math.round(cents(product.price) * (0.9 + random.next() * 0.4));
          const decidedAt =
            state === 'accepted'
              ? soldAt
              : state === 'rejected'
                ? sold
                  ? soldAt
                  : made + DAY
                : state === 'expired'
                  ? made + 3 * DAY
                  : null;
          const offer: Row = {
            ...record(made, decidedAt ?? made),
            userId: leadId,
            productId: product.id,
            holdingId: holding.id,
            productPrice: product.price,
            gain: euros(amount - cents(product.price)),
            amount: euros(amount),
            status: state,
            expirationDate: new Date(state === 'expired' ? made + 3 * DAY : Math.max(now, made) + random.int(7, 45) * DAY),
            origin: random.pick(['Auction house', 'Private collector', 'Dealer', 'Family office']),
            createdBy: maker,
            releasedBy: state === 'awaiting_release' ? null : releaser,
            releasedAt: state === 'awaiting_release' ? null : new Date(made + 3_600_000),
            decidedAt: decidedAt === null ? null : new Date(decidedAt),
          };
          block.offers.push(offer);
          if (state === 'accepted') {
            Object.assign(holding, {
              status: 'sold',
              soldAt: new Date(soldAt),
              offerId: offer.id,
              saleAmount: offer.amount,
              gain: euros(amount - cents(product.price)),
              version: 2,
              dateLastUpdate: new Date(soldAt),
            });
            heldProducts.delete(product.id);
          }
        }
      }
      return spendable;
    }

    /** One lead and its records, with a running balance so no ledger ever goes below zero. */
    function makeLead(block: Block, index: number) {
      const demo = index === 0;
      const created = demo ? start + random.int(0, 10) * DAY : start + Math.floor(span * Math.sqrt(random.next()));
      const firstName = demo ? 'Lucas' : random.pick(FIRST_NAMES);
      const lastName = demo ? 'Bernard' : random.pick(LAST_NAMES);
      const place = random.pick(PLACES);
      const assignedTo = demo
        ? regularIds[0]
        : random.weighted<string | null>([
            [random.pick(regularIds), 85],
            [adminId, 10],
            [null, 5],
          ]);
      const verificationStatus = demo
        ? 'verified'
        : random.weighted([
            ['uninitialized', 45],
            ['pending', 20],
            ['verified', 30],
            ['rejected', 5],
          ] as const);
      const phone = () => `${place.prefix} ${random.digits(3)} ${random.digits(3)} ${random.digits(3)}`;
      const lead = {
        ...record(created),
        email: demo ? DEMO_LEAD_EMAIL : `${ascii(firstName)}.${ascii(lastName)}${index}@${random.pick(EMAIL_DOMAINS)}`,
        passwordHash,
        firstName,
        lastName,
        roles: ['lead'],
        status: !demo && random.chance(0.03) ? 'locked' : 'active',
        lastLogin: demo || random.chance(0.6) ? new Date(created + Math.floor(random.next() * (now - created))) : null,
        campaignId: random.chance(0.85) ? random.pick(campaignRows).id : null,
        assignedTo,
        qualifications: random.some(
          QUALIFICATIONS,
          random.weighted([
            [0, 3],
            [1, 5],
            [2, 2],
          ]),
        ),
        labels: LEAD_LABELS.filter((label) => random.chance(label === 'forex' ? 0.55 : label === 'binary_options' ? 0.25 : 0.2)),
        phone: phone(),
        mobile: random.chance(0.7) ? phone() : null,
        verificationStatus,
        verificationNote: verificationStatus === 'rejected' ? 'Proof of address older than three months.' : null,
      };
      block.leads.push(lead);
      // Pending, verified and rejected leads sent documents (SPEC.md §4); a rejection set the ones it judged aside.
      if (verificationStatus !== 'uninitialized') {
        const sent = created + Math.floor(random.next() * 0.5 * (now - created)) + 60_000;
        const rejectedAt = verificationStatus === 'rejected' ? new Date(sent + random.int(1, 72) * 3_600_000) : null;
        for (const originalName of DOCUMENT_NAMES.slice(0, random.int(1, DOCUMENT_NAMES.length))) {
          block.documents.push({ ownerId: lead.id, originalName, createdAt: new Date(sent), rejectedAt });
        }
      }
      const leadId = lead.id;
      const fullName = `${firstName} ${lastName}`;
      const address = {
        street: `${random.int(1, 180)} ${random.pick(place.streets)}`,
        zipCode: place.zip ? random.digits(place.zip) : `SW${random.int(1, 20)} ${random.int(1, 9)}AB`,
        country: place.country,
      };
      // Events move forward in time from the lead's creation.
      let clock = created;
      const later = (share = 0.4) => (clock = clock + Math.floor(random.next() * share * (now - clock)) + 60_000);
      /** Money the lead may still spend: deposits in, minus investments, withdrawals and possible order losses. */
      let spendable = 0;

      if (assignedTo && random.chance(0.05)) {
        block.notifications.push({
          ...record(created + 60_000),
          userId: assignedTo,
          ...NOTIFICATIONS.leadAssigned,
          read: random.chance(0.7),
        });
      }
      for (
        let i = random.weighted([
          [0, 3],
          [1, 4],
          [2, 2],
          [3, 1],
        ]);
        i > 0;
        i--
      ) {
        block.comments.push({
          ...record(later()),
          text: random.pick(COMMENTS),
          hidden: random.chance(0.05),
          leadId,
          authorId: assignedTo ?? adminId,
        });
      }

      const depositCount = demo
        ? 2
        : random.chance(0.65)
          ? random.weighted([
              [1, 6],
              [2, 3],
              [3, 1],
            ])
          : 0;
      for (let i = 0; i < depositCount; i++) {
        const at = later();
        const tier = random.weighted([
          [[250, 1000], 50],
          [[1000, 5000], 35],
          [[5000, 25000], 15],
        ] as const);
        const amount = Math.round(random.int(tier[0], tier[1]) / 50) * 5000 + (random.chance(0.2) ? random.int(1, 99) : 0);
        const recent = now - at < 2 * DAY;
        const status = demo
          ? 'completed'
          : random.weighted([
              ['completed', 72],
              ['pending', 8],
              ['failed', 12],
              ['cancelled', 6],
              ['awaiting_3d_secure', recent ? 10 : 0],
            ] as const);
        const settled = status === 'completed' || status === 'failed' || status === 'cancelled';
        const updated = settled ? at + random.int(1, 600) * 1000 : at;
        const brand = random.weighted([
          ['visa', 6],
          ['mastercard', 3],
          ['amex', 1],
        ] as const);
        const expiry = new Date(addMonths(at, random.int(6, 48)));
        const deposit = {
          ...record(at, updated),
          userId: leadId,
          amount: euros(amount),
          status,
          transactionId: status === 'completed' ? `TX${random.digits(12)}` : null,
          method: 'card',
          cardBrand: brand,
          cardLast4: random.digits(4),
          cardExpirationDate: `${String(expiry.getUTCMonth() + 1).padStart(2, '0')}/${String(expiry.getUTCFullYear() % 100).padStart(2, '0')}`,
          fullName,
          ...address,
          phone: lead.phone,
        };
        block.deposits.push(deposit);
        if (status === 'completed') {
          spendable += amount;
          if (random.chance(0.3)) {
            block.notifications.push({ ...record(updated), userId: leadId, ...NOTIFICATIONS.deposit, read: random.chance(0.6) });
          }
        }
      }

      // Products bought for the lead and the offers on them (DESIGN.md §12).
      if (demo || ((lead.labels as string[]).includes('diamond') && random.chance(0.4)))
        spendable = makeVault(block, leadId, assignedTo, demo, spendable, later);

      // Investments in projects the lead can afford, with monthly dividends paid so far.
      if (spendable > 0 && (demo || random.chance(0.3))) {
        const affordable = projectRows.filter((p) => cents(p.minimumAmount) <= spendable);
        if (affordable.length) {
          const project = random.pick(affordable);
          const at = later();
          const amount = Math.floor(random.int(cents(project.minimumAmount), spendable) / 10_000) * 10_000;
          if (amount >= cents(project.minimumAmount)) {
            // Of several ages: a short one may have ended by now. Its dividends are the scheduler's (bookMoney).
            const months = random.chance(0.3) ? random.int(1, 4) : project.duration;
            // Some are entered by staff outside any project, at a frequency of their own.
            const standalone = random.chance(0.3);
            const investment = {
              ...record(at),
              userId: leadId,
              projectId: standalone ? null : project.id,
              name: standalone ? `${project.name} · private placement` : project.name,
              initialAmount: euros(amount),
              rentability: project.rentability,
              startDate: new Date(at),
              expirationDate: new Date(addMonths(at, months)),
              dividendFrequency: standalone ? random.pick(['monthly', 'yearly', 'end'] as const) : project.dividendFrequency,
              status: 'active',
              createdBy: assignedTo ?? adminId,
            };
            block.investments.push({ ...investment, ...firstWatermark(investment) });
            // Dividends are not added to `spendable`: later events may be dated before a payment.
            spendable -= amount;
          }
        }
      }

      // Orders are opened and closed through the trading domain after the seed (src/server/trading/orders/demo-orders.ts).

      // Withdrawals come last: a completed or pending one is never more than what is there.
      // Only a verified lead withdraws (DESIGN.md §6).
      if (verificationStatus === 'verified' && spendable >= 10_000 && random.chance(0.25)) {
        const at = later(0.5);
        const amount = Math.floor((spendable * (0.1 + random.next() * 0.5)) / 100) * 100;
        const status = random.weighted([
          ['completed', 60],
          ['pending', 25],
          ['failed', 15],
        ] as const);
        const updated = status === 'pending' ? at : at + random.int(1, 3) * DAY;
        const withdrawal = {
          ...record(at, Math.min(updated, now)),
          userId: leadId,
          amount: euros(amount),
          status,
          transactionId: status === 'completed' ? `WD${random.digits(12)}` : null,
          // Failing a withdrawal asks why (the API requires it): the demo's say so too.
          // (Chosen from the amount, not drawn: the generator's sequence, and so the rest of the demo, stays as it was.)
          failureReason: status === 'failed' ? WITHDRAWAL_FAILURES[amount % WITHDRAWAL_FAILURES.length] : null,
          createdBy: leadId,
          // Above the default threshold (10,000 €) two staff members approved it before it was paid.
          approvedBy: status === 'completed' && amount > 1_000_000 ? [adminId, regularIds[0]] : [],
        };
        block.withdrawals.push(withdrawal);
        if (status !== 'failed') spendable -= amount;
      }

      if (verificationStatus === 'verified' && random.chance(0.5)) {
        block.notifications.push({ ...record(later(0.2)), userId: leadId, ...NOTIFICATIONS.verified, read: random.chance(0.8) });
      }
    }
  });

  // Fresh planner statistics: without them the first lists on 100,000 leads read whole tables.
  await db.execute(sql.raw(`analyze ${SEEDED_TABLES.map((t) => `"${getTableName(t)}"`).join(', ')}`));
  const logins = demoLogins(regularCount);
  return { seed, leads: leadCount, counts, logins, durationMs: performance.now() - started };
}

/** What one block of leads produces before it is written. */
class Block {
  leads: Row[] = [];
  comments: Row[] = [];
  deposits: Row[] = [];
  withdrawals: Row[] = [];
  investments: Row[] = [];
  dividends: Row[] = [];
  holdings: Row[] = [];
  offers: Row[] = [];
  notifications: Row[] = [];
  documents: { ownerId: string; originalName: string; createdAt: Date; rejectedAt: Date | null }[] = [];
}

/** `colour` (#rrggbb) lightened by `step` tenths towards white, so a category's products are told apart. */
function shade(colour: string, step: number): string {
  const mix = (at: number) => {
    const value = parseInt(colour.slice(at, at + 2), 16);
    return Math.round(value + ((255 - value) * step) / 14)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

/** Dynamic field values that satisfy the category's fields, and a price that fits them. */
function productValues(random: Random, category: string): { values: Row; price: number; description: string } {
  switch (category) {
    case 'Diamond': {
      const carat = random.int(30, 300) / 100;
      const colour = random.pick(['D', 'E', 'F', 'G', 'H']);
      const clarity = random.pick(['IF', 'VVS1', 'VVS2', 'VS1', 'VS2']);
      return {
        values: { carat, colour: slugKey(colour), clarity: slugKey(clarity), certified: random.chance(0.8) },
        price: euros(Math.round(carat * carat * random.int(450_000, 900_000))),
        description: `${carat.toFixed(2)} ct round brilliant, colour ${colour}, clarity ${clarity}.`,
      };
    }
    case 'Wine case': {
      const vintage = random.int(1996, 2020);
      const region = random.pick(['Bordeaux', 'Burgundy', 'Champagne', 'Tuscany', 'Rioja']);
      const bottles = random.pick([6, 12]);
      return {
        values: { vintage, region: slugKey(region), bottles },
        price: euros(random.int(80_000, 1_500_000)),
        description: `${bottles} bottles, ${region} ${vintage}.`,
      };
    }
    case 'Watch': {
      const brand = random.pick(['Rolex', 'Patek Philippe', 'Audemars Piguet', 'Omega']);
      const year = random.int(1970, 2023);
      return {
        values: {
          brand: slugKey(brand),
          reference: `${random.int(1000, 9999)}${random.pick(['A', 'J', 'R', 'G'])}`,
          year,
          box_and_papers: random.chance(0.6),
        },
        price: euros(random.int(600_000, 12_000_000)),
        description: `${brand} from ${year}.`,
      };
    }
    default: {
      const weightGrams = random.pick([50, 100, 250, 500, 1000]);
      const castOn = new Date(Date.UTC(random.int(2015, 2024), random.int(0, 11), random.int(1, 28))).toISOString().slice(0, 10);
      return {
        values: {
          weight_grams: weightGrams,
          refiner: slugKey(random.pick(['Valcambi', 'PAMP', 'Heraeus', 'Argor-Heraeus'])),
          cast_on: castOn,
        },
        price: euros(weightGrams * random.int(6_000, 7_000)),
        description: `${weightGrams} g fine gold bar (999.9).`,
      };
    }
  }
}

/** The report as lines for a console: what was made, how fast, and how to sign in. */
export function formatSeedReport(report: SeedReport, rootEmail?: string): string {
  const rows = Object.entries(report.counts).map(([name, n]) => `${name} ${n.toLocaleString('en-US')}`);
  const total = Object.entries(report.counts)
    .filter(([name]) => name !== 'changeLog')
    .reduce((sum, [, n]) => sum + n, 0);
  return [
    `Demo data (seed ${report.seed}): ${total.toLocaleString('en-US')} rows in ${(report.durationMs / 1000).toFixed(1)} s`,
    `  ${rows.join(', ')}`,
    formatDemoLogins(report.logins, rootEmail),
  ].join('\n');
}

export function formatDemoLogins(logins: readonly DemoLogin[], rootEmail?: string): string {
  return [
    `Demo sign-ins (password ${DEMO_PASSWORD} for all):`,
    ...(rootEmail ? [`  root     ${rootEmail}`] : []),
    ...logins.map((l) => `  ${l.roles[0].padEnd(8)} ${l.email}  (${l.firstName} ${l.lastName})`),
  ].join('\n');
}
