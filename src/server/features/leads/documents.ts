import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { isStaff } from '../../../shared/roles.ts';
import { uploads, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { mutate } from '../../http/mutate.ts';
import { parse } from '../../http/validate.ts';
import { audienceOf } from '../../policy.ts';
import { findScoped, publicRecord } from '../../resources/define-resource.ts';
import { userResource } from '../../resources/user.ts';
import { notify } from '../../notifications/notify.ts';
import { receiveUpload, uploadUrl } from '../../uploads/store.ts';
import { idParams } from '../../../shared/contracts/common.ts';
import { documentsContract, uploadDocumentContract } from '../../../shared/contracts/leads.ts';

/**
 * Verification documents (SPEC.md §2, §4): the lead uploads (status → pending), staff open them and
 * verify or reject with a reason (verification-decision.ts); after a rejection only new documents
 * reopen the review.
 */
export function registerDocumentRoutes(app: FastifyInstance) {
  const { db } = app.services;

  const leadOf = async (request: Parameters<typeof actorOrThrow>[0]) => {
    const actor = actorOrThrow(request);
    const { id } = parse(idParams, request.params);
    const lead = await findScoped(db, userResource, actor, id);
    if (!lead) throw new AppError('NOT_FOUND');
    return { actor, lead };
  };

  app.get(
    '/api/v1/user/:id/documents',
    { schema: { tags: ['user'], summary: "A lead's verification documents", ...documentsContract } },
    async (request) => {
      const { actor, lead } = await leadOf(request);
      const rows = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.ownerId, lead.id as string), eq(uploads.purpose, 'document')))
        .orderBy(desc(uploads.createdAt));
      return {
        documents: rows.map((r) => ({
          id: r.id,
          name: r.name,
          url: uploadUrl(r.name),
          mime: r.mime,
          size: r.size,
          originalName: r.originalName,
          dateCreation: r.createdAt,
          rejectedAt: r.rejectedAt,
        })),
        verificationStatus: lead.verificationStatus,
        verificationNote: lead.verificationNote,
        // What the verification decision refuses (verification-decision.ts), so screens offer it only to others.
        uploadedByYou: rows.some((r) => !r.rejectedAt && !!r.uploadedBy && [actor.id, actor.impersonatorId].includes(r.uploadedBy)),
      };
    },
  );

  app.post(
    '/api/v1/user/:id/documents',
    { schema: { tags: ['user'], summary: 'Upload a verification document (multipart `file`)', ...uploadDocumentContract } },
    async (request, reply) => {
      const { actor, lead } = await leadOf(request);
      if (lead.id !== actor.id && !isStaff(actor.roles)) throw new AppError('FORBIDDEN');
      const document = await receiveUpload(app.services, request, { ownerId: lead.id as string, purpose: 'document', private: true });
      return mutate(request, reply, async (work) => {
        const [updated] = await work.tx
          .update(users)
          .set({ verificationStatus: 'pending', verificationNote: null, version: sql`${users.version} + 1`, dateLastUpdate: sql`now()` })
          .where(eq(users.id, lead.id as string))
          .returning();
        work.changed({ entity: 'user', recordId: updated.id, op: 'upsert', ...audienceOf(userResource.access.scope, updated) });
        // Whoever looks after the lead hears of it: its staff member, or every admin when it has none.
        const readers = updated.assignedTo
          ? [updated.assignedTo]
          : (
              await work.tx
                .select({ id: users.id })
                .from(users)
                .where(and(eq(users.status, 'active'), sql`${users.roles} && array['root', 'admin']`))
            ).map((row) => row.id);
        for (const reader of readers.filter((id) => id !== actor.id)) {
          await notify(work, reader, 'documentsUploaded', 'app.notifications.documentsUploaded', {
            leadId: updated.id,
            name: `${updated.firstName} ${updated.lastName}`,
          });
        }
        return { status: 201, body: { document, user: publicRecord(userResource, updated) } };
      });
    },
  );
}
