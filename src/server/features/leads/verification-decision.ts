import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { verifyDocumentsContract } from '../../../shared/contracts/leads.ts';
import { verificationMachine } from '../../../shared/lifecycle/machines.ts';
import { defineAction } from '../../actions/define-action.ts';
import { uploads } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { userResource } from '../../resources/user.ts';
import { notify } from '../../notifications/notify.ts';

/**
 * Staff verify a lead's pending documents, or reject them with a reason; never their own, never with no
 * documents, and never documents they uploaded themselves (DESIGN.md §6: four eyes on verification),
 * nor the admin behind an impersonation.
 */
export const verificationDecision = defineAction({
  resource: userResource,
  machine: verificationMachine,
  action: 'decide',
  method: 'PATCH',
  path: '/api/v1/user/:id/verification',
  summary: "Verify or reject a lead's documents (staff)",
  body: verifyDocumentsContract.body,
  async run(ctx, lead, { status, note }) {
    if (lead.id === ctx.actor.id) throw new AppError('FORBIDDEN');
    // A decision is on documents: the ones uploaded since the last rejection. A rejection sets them aside.
    const current = and(eq(uploads.ownerId, lead.id), eq(uploads.purpose, 'document'), isNull(uploads.rejectedAt));
    const [open] = await ctx.tx.select({ id: uploads.id }).from(uploads).where(current).limit(1);
    if (!open) throw new AppError('NO_DOCUMENTS');
    const people = [ctx.actor.id, ...(ctx.actor.impersonatorId ? [ctx.actor.impersonatorId] : [])];
    const [own] = await ctx.tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(current, inArray(uploads.uploadedBy, people)))
      .limit(1);
    if (own) throw new AppError('VERIFIER_UPLOADED');
    if (status === 'rejected')
      await ctx.tx
        .update(uploads)
        .set({ rejectedAt: sql`now()` })
        .where(current);
    await notify(ctx, lead.id, 'verification', `app.notifications.verification.${status}`, { note: note ?? null });
    return { to: status, set: { verificationNote: note ?? null }, audit: { note } };
  },
});
