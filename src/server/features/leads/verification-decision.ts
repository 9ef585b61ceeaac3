import { z } from 'zod';
import { verificationMachine } from '../../../shared/lifecycle/machines.ts';
import { defineAction } from '../../actions/define-action.ts';
import { AppError } from '../../http/app-error.ts';
import { userResource } from '../../resources/user.ts';
import { notify } from '../../notifications/notify.ts';

const decision = z
  .strictObject({ status: z.enum(['verified', 'rejected'], { error: 'validation.oneOf' }), note: z.string().trim().max(1000).optional() })
  .refine((d) => d.status !== 'rejected' || !!d.note, { error: 'validation.rejectionReason', path: ['note'] });

/** Staff verify a lead's pending documents, or reject them with a reason; never their own. */
export const verificationDecision = defineAction({
  resource: userResource,
  machine: verificationMachine,
  action: 'decide',
  method: 'PATCH',
  path: '/api/v1/user/:id/verification',
  summary: "Verify or reject a lead's documents (staff)",
  body: decision,
  async run(ctx, lead, { status, note }) {
    if (lead.id === ctx.actor.id) throw new AppError('FORBIDDEN');
    await notify(ctx, lead.id, 'verification', `app.notifications.verification.${status}`, { note: note ?? null });
    return { to: status, set: { verificationNote: note ?? null }, audit: { note } };
  },
});
