import { dividendFailSchema } from '../../shared/entities/dividend.ts';
import { realPersonOf } from '../../shared/lifecycle/four-eyes.ts';
import { dividendMachine } from '../../shared/lifecycle/machines.ts';
import { toCents } from '../../shared/money.ts';
import { defineAction } from '../actions/define-action.ts';
import { transfer } from '../money/index.ts';
import { dividendResource } from '../resources/dividend.ts';

/** The cause of a dividend's credit, scheduled or entered by hand: once per dividend. */
export const dividendCause = (dividendId: string) => ({ sourceEntity: 'dividend', sourceId: dividendId, kind: 'dividend' });

/** POST /dividend/:id/complete | fail: a hand-entered dividend is credited by a second staff member, or refused with a reason. */
export const DIVIDEND_ACTIONS = [
  defineAction({
    resource: dividendResource,
    machine: dividendMachine,
    action: 'complete',
    summary: "Credit a pending dividend to the lead's available funds (staff; never the one who entered it)",
    async run(ctx, dividend) {
      await transfer(ctx, {
        from: { house: 'dividends' },
        to: { lead: dividend.userId, kind: 'available' },
        amountCents: toCents(dividend.amount),
        cause: dividendCause(dividend.id),
      });
      return { set: { decidedBy: realPersonOf(ctx.actor) } };
    },
  }),
  defineAction({
    resource: dividendResource,
    machine: dividendMachine,
    action: 'fail',
    body: dividendFailSchema,
    summary: 'Refuse a pending dividend with a reason: nothing is credited (staff)',
    run: (ctx, _dividend, body) => ({
      set: { failureReason: body.reason, decidedBy: realPersonOf(ctx.actor) },
      audit: { reason: body.reason },
    }),
  }),
];
