import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { isStaff } from '../../../shared/roles.ts';
import { uploads } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { parse } from '../../http/validate.ts';
import { findScoped } from '../../resources/define-resource.ts';
import { userResource } from '../../resources/user.ts';
import { receiveUpload } from '../../uploads/store.ts';
import { PUBLIC_PURPOSES, PURPOSES, type UploadPurpose } from '../../../shared/file-kinds.ts';
import { downloadContract, uploadContract } from '../../../shared/contracts/platform.ts';

const uploadRoute = uploadContract(Object.keys(PURPOSES) as [UploadPurpose, ...UploadPurpose[]]);

/**
 * POST /uploads/upload and GET /uploads/{name}: public files (the logo, product, project and market
 * images) come from staff; everything else (a lead's documents, signatures, any file) is private to its
 * owner and the staff who may see the owner (DESIGN.md §5).
 */
export function registerUploadRoutes(app: FastifyInstance) {
  app.post(
    '/api/v1/uploads/upload',
    { schema: { tags: ['uploads'], summary: 'Upload one file (multipart field `file`)', ...uploadRoute } },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      const { purpose } = parse(uploadRoute.querystring, request.query) as { purpose: UploadPurpose };
      const isPublic = PUBLIC_PURPOSES.includes(purpose);
      if (isPublic && !isStaff(actor.roles)) throw new AppError('UPLOAD_STAFF_ONLY');
      const stored = await receiveUpload(app.services, request, { ownerId: actor.id, purpose, private: !isPublic });
      reply.status(201);
      return stored;
    },
  );

  app.get(
    '/api/v1/uploads/:name',
    { config: { public: true }, schema: { tags: ['uploads'], summary: 'Download a file', ...downloadContract } },
    async (request, reply) => {
      const { name } = parse(downloadContract.params, request.params);
      const [upload] = await app.services.db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
      if (!upload) throw new AppError('NOT_FOUND');
      if (upload.private) {
        // Private files: their owner, and staff who may see that owner.
        const actor = actorOrThrow(request);
        const visible =
          upload.ownerId === actor.id ||
          (isStaff(actor.roles) && upload.ownerId && (await findScoped(app.services.db, userResource, actor, upload.ownerId)));
        if (!visible) throw new AppError('NOT_FOUND');
        reply.header('cache-control', 'private, no-store');
      } else {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
      const download = (request.query as Record<string, unknown>)?.download !== undefined;
      const filename = (upload.originalName ?? upload.name).replace(/[^\w.\- ]/g, '_');
      reply
        .type(upload.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', upload.size)
        .header(
          'content-disposition',
          `${download || upload.mime === 'application/pdf' ? 'attachment' : 'inline'}; filename="${filename}"`,
        );
      const bytes = await app.services.files.read(app.services.db, upload);
      if (!bytes) throw new AppError('NOT_FOUND');
      return reply.send(bytes);
    },
  );
}
