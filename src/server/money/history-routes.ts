import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { moneyHistoryContract, type MoneyHistory } from '../../shared/contracts/money-history.ts';
import { isLeadOnly } from '../../shared/roles.ts';
import { auditLog, ledgerEntries, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { findScoped } from '../resources/define-resource.ts';
import { depositResource } from '../resources/deposit.ts';
import { withdrawalResource } from '../resources/withdrawal.ts';
import { toCentsExact } from './ledger.ts';

const RESOURCES = { deposit: depositResource, withdrawal: withdrawalResource } as const;

const euros = (value: number | string) => toCentsExact(value) / 100;

/**
 * A money record's history (CHECKLIST item 8): read in the record's scope (a regular staff member gets
 * 404 for another's lead, as for the record itself), names from the users table so every reader sees
 * who acted without loading the staff list. A lead sees only its own accounts' entries, never the house's.
 */
export function registerMoneyHistoryRoutes(app: FastifyInstance) {
  const { db } = app.services;
  for (const [name, resource] of Object.entries(RESOURCES)) {
    app.get(
      `/api/v1/${name}/:id/history`,
      { schema: { tags: [name], summary: `Who entered a ${name}, who acted on it and when, and what it booked`, ...moneyHistoryContract } },
      async (request): Promise<MoneyHistory> => {
        const actor = actorOrThrow(request);
        const { id } = request.params as z.output<typeof moneyHistoryContract.params>;
        const record = await findScoped(db, resource, actor, id, ['userId', 'createdBy', 'dateCreation']);
        if (!record) throw new AppError('NOT_FOUND');
        const lead = isLeadOnly(actor.roles);
        const [events, entries] = await Promise.all([
          db
            .select({ at: auditLog.at, action: auditLog.action, actorId: auditLog.actorId, data: auditLog.data })
            .from(auditLog)
            .where(and(eq(auditLog.entity, name), eq(auditLog.entityId, id)))
            .orderBy(asc(auditLog.at), asc(auditLog.id)),
          db
            .select({
              date: ledgerEntries.dateCreation,
              account: ledgerEntries.accountKind,
              leadId: ledgerEntries.leadId,
              kind: ledgerEntries.kind,
              amount: ledgerEntries.amount,
              balance: ledgerEntries.balanceAfter,
            })
            .from(ledgerEntries)
            .where(
              and(eq(ledgerEntries.sourceEntity, name), eq(ledgerEntries.sourceId, id), lead ? isNotNull(ledgerEntries.leadId) : undefined),
            )
            .orderBy(asc(ledgerEntries.seq), asc(ledgerEntries.leadId)),
        ]);
        const ids = [record.userId, record.createdBy, ...events.map((e) => e.actorId)].filter((v): v is string => typeof v === 'string');
        const people = ids.length
          ? await db
              .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
              .from(users)
              .where(inArray(users.id, [...new Set(ids)]))
          : [];
        const byId = new Map(
          people.map((p) => [p.id, { id: p.id, name: [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email, email: p.email }]),
        );
        // A lead learns what happened to its money, not which staff member did it.
        const person = (personId: unknown) =>
          typeof personId !== 'string' || (lead && personId !== actor.id) ? null : (byId.get(personId) ?? null);
        return {
          lead: person(record.userId),
          enteredBy: person(record.createdBy),
          enteredAt: (record.dateCreation as Date).toISOString(),
          events: events.map((event) => {
            // A transition says from and to; a card payment the status the gateway left it in.
            const data = (event.data ?? {}) as { from?: unknown; to?: unknown; status?: unknown; reason?: unknown };
            return {
              at: event.at.toISOString(),
              action: event.action.replace(`${name}.`, ''),
              from: typeof data.from === 'string' ? data.from : null,
              to: typeof data.to === 'string' ? data.to : typeof data.status === 'string' ? data.status : null,
              by: person(event.actorId),
              // A staff refusal's words (a card payment's reason is a code, shown through failureReason).
              reason: event.action.endsWith('.fail') && typeof data.reason === 'string' ? data.reason : null,
            };
          }),
          entries: entries.map((entry) => ({
            date: entry.date.toISOString(),
            account: entry.account,
            lead: entry.leadId !== null,
            kind: entry.kind,
            amount: euros(entry.amount),
            balance: euros(entry.balance),
          })),
        };
      },
    );
  }
}
