import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { cardDepositContract, confirmSecureCodeContract, depositGatewayContract } from '../../../shared/contracts/money.ts';
import { depositMachine } from '../../../shared/lifecycle/machines.ts';
import { isLeadOnly } from '../../../shared/roles.ts';
import type { Actor } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { transition } from '../../actions/define-action.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { errorBody } from '../../http/errors.ts';
import { mutate } from '../../http/mutate.ts';
import { ownable } from '../../policy.ts';
import { publicRecord } from '../../resources/define-resource.ts';
import { depositResource } from '../../resources/deposit.ts';
import { checkDepositMax, refuseCardOutsideBody, withinCardBounds } from './card-limits.ts';
import { applyGatewayAnswer, authorizeCard, recordCardDeposit, triesLeft, type DepositRow } from './deposit-booking.ts';

/** The lead a card deposit is for: a lead pays for itself; staff name a lead they may act for. */
async function ownerOf(db: Executor, actor: Actor, userId: string | undefined): Promise<string> {
  if (isLeadOnly(actor.roles)) {
    if (userId !== undefined && userId !== actor.id) throw new AppError('FORBIDDEN');
    return actor.id;
  }
  if (userId === undefined) throw new AppError('VALIDATION', { userId: { key: 'validation.required', params: {} } });
  const allowed = await ownable(db, depositResource.access.scope, actor, [userId]);
  const [lead] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`'lead' = any(${users.roles})`));
  if (!allowed.has(userId) || !lead) throw new AppError('FORBIDDEN');
  return userId;
}

/** Tell the owner's deposit room (and admins) once the change is committed. */
const announce = (request: FastifyRequest, deposit: DepositRow) => request.server.services.realtime.depositUpdated(deposit.userId, deposit);

/**
 * Card deposits through the payment gateway (DESIGN.md §6): create (completed, awaiting 3-D Secure or
 * failed), then confirm the 3-D Secure code. The card's number, CVV and code go to the gateway only.
 */
export function registerCardDepositRoutes(app: FastifyInstance) {
  // Which gateway serves card deposits: the deposit screen lists the test cards of a sandbox (money-ui).
  app.get(
    '/api/v1/deposit/gateway',
    { schema: { tags: ['deposit'], summary: 'The payment gateway: name and sandbox mode', ...depositGatewayContract } },
    async (request) => {
      actorOrThrow(request);
      return { name: app.services.payments.name, sandbox: app.services.payments.sandbox };
    },
  );
  app.post(
    '/api/v1/deposit/3d-secure',
    {
      schema: { tags: ['deposit'], summary: 'Deposit by card (3-D Secure when the bank asks)', ...cardDepositContract },
      onRequest: refuseCardOutsideBody,
    },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      const input = request.body as z.output<typeof cardDepositContract.body>;
      const { db, payments, config } = app.services;
      const ownerId = await ownerOf(db, actor, input.userId);
      await checkDepositMax(db, input.amount);
      const payment = { leadId: ownerId, address: request.ip, amount: input.amount };
      const created = await withinCardBounds(db, config.cardAttempts, payment, async () => {
        const id = uuidv7();
        const authorization = await authorizeCard(payments, id, input);
        const now = app.services.clock.now();
        const result = await mutate(request, reply, async (work) => ({
          status: 201,
          body: await recordCardDeposit(work, id, ownerId, input, authorization, now),
        }));
        return { result, declined: result.status === 'failed' };
      });
      announce(request, created);
      return publicRecord(depositResource, created, actor);
    },
  );

  app.post(
    '/api/v1/deposit/:id/confirm-3d-secure',
    {
      schema: {
        tags: ['deposit'],
        summary: 'Answer the 3-D Secure challenge (422 SECURE_CODE_INVALID with the tries left)',
        ...confirmSecureCodeContract,
      },
      onRequest: refuseCardOutsideBody,
    },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      const { id } = request.params as z.output<typeof confirmSecureCodeContract.params>;
      const { secureCode } = request.body as z.output<typeof confirmSecureCodeContract.body>;
      const { payments } = app.services;
      let wrongCode = false;
      let changed: DepositRow | undefined;
      const body = await mutate<unknown>(request, reply, async (work) => {
        const updated = await transition(
          work,
          { resource: depositResource, machine: depositMachine, action: 'confirm-3d-secure', id, scoped: true },
          async (deposit) => {
            // The bank already has the right code and is working: nothing to confirm any more.
            if (deposit.bankRetryAt || deposit.method !== 'card' || !deposit.gatewayReference)
              throw new AppError('INVALID_TRANSITION', undefined, { action: 'confirm-3d-secure', from: deposit.status });
            const answer = await payments.confirm3ds({ reference: deposit.gatewayReference, secureCode });
            wrongCode = answer.outcome === 'wrong_code';
            return applyGatewayAnswer(work, deposit, answer, app.services.clock.now());
          },
        );
        // A wrong code is refused, yet its try is counted: the answer is a 422 and the transaction commits.
        if (wrongCode && updated.status === 'awaiting_3d_secure') {
          const left = triesLeft(updated);
          return { status: 422, body: errorBody(request, new AppError('SECURE_CODE_INVALID', { triesLeft: left }, { count: left })) };
        }
        changed = updated;
        return { body: publicRecord(depositResource, updated, actor) };
      });
      if (changed && changed.status !== 'awaiting_3d_secure') announce(request, changed);
      return body;
    },
  );
}
