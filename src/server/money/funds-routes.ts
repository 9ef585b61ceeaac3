import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import {
  adjustmentContract,
  availableFundsContract,
  capitalContract,
  ledgerCheckContract,
  statementContract,
} from '../../shared/contracts/money.ts';
import type { AvailableFunds, Capital, Statement } from '../../shared/money/funds.ts';
import { CAPITAL_KINDS } from '../../shared/money/accounts.ts';
import { toCents } from '../../shared/money.ts';
import { isAdmin } from '../../shared/roles.ts';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { adjustmentMachine } from '../../shared/lifecycle/machines.ts';
import type { Executor } from '../db/client.ts';
import { adjustments, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { languageOf } from '../http/i18n.ts';
import { mutate } from '../http/mutate.ts';
import { timeZoneOf } from '../http/time-zone.ts';
import { findScoped, publicRecord, registerResource } from '../resources/define-resource.ts';
import { adjustmentResource } from '../resources/adjustment.ts';
import { userResource } from '../resources/user.ts';
import { checkLedger } from './ledger-check.ts';
import { checkEntriesDaily } from './entry-limits.ts';
import { registerMoneyHistoryRoutes } from './history-routes.ts';
import { registerMoneyListExports } from './money-list-exports.ts';
import { balancesOf } from './ledger.ts';
import { SHEET_TYPES, sheetCsv, sheetXlsx } from '../exports/sheet.ts';
import { statementPage, statementSheet } from './statement.ts';

/** The user `:id` when the caller may see it (a lead itself, its assigned staff, admins): 404 otherwise. */
async function visibleUser(db: Executor, request: FastifyRequest) {
  const { id } = request.params as z.output<typeof availableFundsContract.params>;
  const user = await findScoped(db, userResource, actorOrThrow(request), id, []);
  if (!user) throw new AppError('NOT_FOUND');
  return id;
}

/** A person's name and email, for an export's header. */
async function personOf(db: Executor, id: string) {
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return person ?? { firstName: null, lastName: null, email: '' };
}

const adminOnly = (request: FastifyRequest) => {
  const actor = actorOrThrow(request);
  if (!isAdmin(actor.roles)) throw new AppError('FORBIDDEN');
  return actor;
};

/** Available funds and capital in euros (DESIGN.md §6: capital is every lead account). */
async function funds(db: Executor, leadId: string) {
  const balances = await balancesOf(db, leadId);
  const capitalCents = CAPITAL_KINDS.reduce((sum, kind) => sum + balances[kind], 0);
  const euros = Object.fromEntries(Object.entries(balances).map(([kind, cents]) => [kind, cents / 100])) as typeof balances;
  return { availableFunds: balances.available / 100, capital: capitalCents / 100, balances: euros };
}

/** SPEC.md §7 funds, the statement with its exports, the admin's ledger check and the entry of manual adjustments. */
export function registerFundsRoutes(app: FastifyInstance) {
  const { db } = app.services;
  // A money record's history sits with the statement it explains.
  registerMoneyHistoryRoutes(app);
  registerMoneyListExports(app);
  const tags = ['funds'];
  // Adjustments are listed and read like any record (admins; the money screens list them); entered by
  // the route below and moved by their actions, never by the standard create, patch or delete.
  registerResource(app, adjustmentResource);

  app.get(
    '/api/v1/funds/available/:id',
    { schema: { tags, summary: "A lead's available funds (euros)", ...availableFundsContract } },
    async (request) => {
      const { availableFunds } = await funds(db, await visibleUser(db, request));
      return { availableFunds } satisfies AvailableFunds;
    },
  );

  app.get(
    '/api/v1/funds/capital/:id',
    { schema: { tags, summary: "A lead's capital: every account of theirs (euros)", ...capitalContract } },
    async (request) => {
      const { capital } = await funds(db, await visibleUser(db, request));
      return { capital } satisfies Capital;
    },
  );

  app.get(
    '/api/v1/funds/statement/:id',
    { schema: { tags, summary: "A lead's statement: entries with running balance; ?format=csv|xlsx exports it", ...statementContract } },
    async (request, reply) => {
      const leadId = await visibleUser(db, request);
      const query = request.query as z.output<typeof statementContract.querystring>;
      const zone = timeZoneOf(request.headers['x-timezone']);
      if (query.format !== 'json') {
        const lang = languageOf(request.headers['x-lang']);
        const [holder, exporter] = await Promise.all([personOf(db, leadId), personOf(db, actorOrThrow(request).id)]);
        const sheet = await statementSheet(db, leadId, query, { zone, lang, holder, exporter });
        const name = `statement-${leadId}-${query.account}`;
        return reply
          .type(SHEET_TYPES[query.format])
          .header('content-disposition', `attachment; filename="${name}.${query.format}"`)
          .send(query.format === 'csv' ? sheetCsv(sheet) : await sheetXlsx(sheet));
      }
      const [page, totals] = await Promise.all([statementPage(db, leadId, query, zone), funds(db, leadId)]);
      return { ...page, ...totals } satisfies Statement;
    },
  );

  app.get(
    '/api/v1/funds/check',
    { schema: { tags, summary: 'The ledger balances: accounts sum to zero, each equals its entries (admin)', ...ledgerCheckContract } },
    async (request) => {
      adminOnly(request);
      return checkLedger(db);
    },
  );

  app.post(
    '/api/v1/funds/adjustment',
    {
      schema: {
        tags,
        summary:
          "Enter a credit or debit of a lead's available funds, with a reason (admin, audited): pending until another admin completes it",
        ...adjustmentContract,
      },
    },
    async (request, reply) => {
      adminOnly(request);
      const body = request.body as z.output<typeof adjustmentContract.body>;
      return mutate(request, reply, async (work) => {
        const lead = await findScoped(work.tx, userResource, work.actor, body.userId, ['roles']);
        if (!lead) throw new AppError('NOT_FOUND');
        if (!(lead.roles as string[]).includes('lead'))
          throw new AppError('VALIDATION', { userId: { key: 'validation.notALead', params: {} } });
        // Only an id the client chose can have been entered already (a retry); a new one cannot.
        if (body.id) {
          const [entered] = await work.tx.select().from(adjustments).where(eq(adjustments.id, body.id));
          if (entered) return { body: publicRecord(adjustmentResource, entered, work.actor) };
        }
        // A debit the funds do not cover now is refused at once (the ledger checks again when it is booked).
        if (body.direction === 'debit' && (await balancesOf(work.tx, body.userId)).available < toCents(body.amount))
          throw new AppError('INSUFFICIENT_FUNDS');
        // Each adjustment's maximum is the schema's; a lead's of 24 hours stay within the daily bound.
        await checkEntriesDaily(work.tx, 'adjustment', [body]);
        const id = body.id ?? uuidv7();
        const [entered] = await work.tx
          .insert(adjustments)
          .values({
            id,
            userId: body.userId,
            direction: body.direction,
            amount: body.amount,
            reason: body.reason,
            status: adjustmentMachine.initial,
            createdBy: realPersonOf(work.actor),
          })
          .onConflictDoNothing()
          .returning();
        // A twin with the same id committed between the check and the insert: this one rolls back.
        if (!entered) throw new AppError('CONFLICT');
        work.changed({ entity: 'adjustment', recordId: id, op: 'upsert', audience: [body.userId], leadsOf: [body.userId] });
        await work.audit('funds.adjustment', 'user', body.userId, {
          id,
          direction: body.direction,
          amount: body.amount,
          reason: body.reason,
        });
        return { status: 201, body: publicRecord(adjustmentResource, entered, work.actor) };
      });
    },
  );
}
