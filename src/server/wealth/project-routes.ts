import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { mayOn } from '../../shared/access.ts';
import { idParams } from '../../shared/contracts/common.ts';
import { projectImageContract, subscribeBody, subscribeContract, subscriptionPdfContract } from '../../shared/contracts/projects.ts';
import { projects } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { actorOrThrow } from '../http/authenticate.ts';
import { languageOf } from '../http/i18n.ts';
import { mutate } from '../http/mutate.ts';
import { parse } from '../http/validate.ts';
import { audienceOf } from '../policy.ts';
import { findScoped, publicRecord } from '../resources/define-resource.ts';
import { investmentResource } from '../resources/investment.ts';
import { projectResource } from '../resources/project.ts';
import { receiveUpload } from '../uploads/store.ts';
import { subscriptionPdf } from './project-pdf.ts';
import { subscribe } from './project-subscribe.ts';

/**
 * Projects beside their standard set (DESIGN.md §10): the image an admin sets, the subscription a lead
 * signs (or staff sign with a lead in scope), and the signed subscription as a PDF.
 */
export function registerProjectRoutes(app: FastifyInstance) {
  const { db } = app.services;

  app.post(
    '/api/v1/project/:id/image',
    {
      schema: {
        tags: ['project'],
        summary: "Set a project's image (multipart `file`: JPG, PNG or GIF under 5 MB)",
        ...projectImageContract,
      },
    },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      const { id } = parse(idParams, request.params);
      if (!mayOn(actor.roles, 'project', 'update')) throw new AppError('FORBIDDEN');
      if (!(await findScoped(db, projectResource, actor, id, ['id']))) throw new AppError('NOT_FOUND');
      const image = await receiveUpload(app.services, request, { ownerId: actor.id, purpose: 'projectImage', private: false });
      return mutate(request, reply, async (work) => {
        const [updated] = await work.tx
          .update(projects)
          .set({ image: image.url, version: sql`${projects.version} + 1`, dateLastUpdate: sql`now()` })
          .where(eq(projects.id, id))
          .returning();
        if (!updated) throw new AppError('NOT_FOUND');
        work.changed({ entity: 'project', recordId: id, op: 'upsert', ...audienceOf(projectResource.access.scope, updated) });
        await work.audit('project.image', 'project', id, { image: image.url });
        return { status: 200, body: publicRecord(projectResource, updated) };
      });
    },
  );

  app.post(
    '/api/v1/project/:id/subscribe',
    {
      schema: { tags: ['project'], summary: 'Subscribe to a project with a drawn signature; answers the investment', ...subscribeContract },
    },
    async (request, reply) => {
      const { id } = parse(idParams, request.params);
      const body = parse(subscribeBody, request.body);
      return mutate(request, reply, async (work) => {
        const investment = await subscribe(work, app.services, id, body);
        return { status: 201, body: publicRecord(investmentResource, investment, work.actor) };
      });
    },
  );

  app.get(
    '/api/v1/investment/:id/subscription.pdf',
    { schema: { tags: ['investment'], summary: 'The signed subscription of an investment, as a PDF', ...subscriptionPdfContract } },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      const { id } = parse(idParams, request.params);
      const investment = await findScoped(db, investmentResource, actor, id);
      if (!investment || !investment.signatureUploadId) throw new AppError('NOT_FOUND');
      const bytes = await subscriptionPdf(app.services, investment as never, languageOf(request.headers['x-lang']));
      reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="subscription-${id}.pdf"`);
      return reply.send(Buffer.from(bytes));
    },
  );
}
