import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { settingUpdateSchema } from '../../../shared/setting.ts';
import { isRoot } from '../../../shared/roles.ts';
import { requireAction } from '../../policy.ts';
import { settings } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { mutate } from '../../http/mutate.ts';
import { parse } from '../../http/validate.ts';
import { currentSettings, settingsFor } from '../../settings/settings.ts';
import { receiveUpload } from '../../uploads/store.ts';
import { getSettingContract, updateSettingContract, uploadLogoContract } from '../../../shared/contracts/platform.ts';

/**
 * GET (public: the login screen shows the company; each reader gets what their role may read), PATCH
 * and logo (admin); `settingUpdated` after each change.
 */
export function registerSettingRoutes(app: FastifyInstance) {
  const { db, realtime } = app.services;

  app.get(
    '/api/v1/setting',
    {
      config: { public: true },
      schema: { tags: ['setting'], summary: 'The company settings, as far as the reader may see them', ...getSettingContract },
    },
    async (request) => settingsFor(request.actor, await currentSettings(db)),
  );

  app.patch(
    '/api/v1/setting',
    { schema: { tags: ['setting'], summary: 'Change the company settings (admin)', ...updateSettingContract } },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'settings.update');
      const patch = parse(settingUpdateSchema, request.body);
      const updated = await mutate(request, reply, async ({ tx, audit }) => {
        const current = await currentSettings(tx);
        // Four eyes on money (DESIGN.md §6) is root's to switch, and the switch is audited on its own.
        const fourEyesChanged = patch.fourEyes !== undefined && patch.fourEyes !== current.fourEyes;
        if (fourEyesChanged && !isRoot(actor.roles))
          throw new AppError('FORBIDDEN', { fourEyes: { key: 'validation.rootOnly', params: {} } });
        const [row] = await tx
          .update(settings)
          .set({ ...patch, version: sql`${settings.version} + 1`, dateLastUpdate: sql`now()` })
          .where(eq(settings.id, current.id))
          .returning();
        await audit('setting.update', 'setting', row.id, patch);
        if (fourEyesChanged) await audit('setting.fourEyes', 'setting', row.id, { from: current.fourEyes, to: row.fourEyes });
        return { body: row };
      });
      realtime.settingUpdated(updated, actor.id);
      return updated;
    },
  );

  app.post(
    '/api/v1/setting/logo',
    { schema: { tags: ['setting'], summary: 'Upload the company logo (admin)', ...uploadLogoContract } },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'settings.update');
      const logo = await receiveUpload(app.services, request, { ownerId: null, purpose: 'logo', private: false });
      const updated = await mutate(request, reply, async ({ tx, audit }) => {
        const current = await currentSettings(tx);
        const [row] = await tx
          .update(settings)
          .set({ logo: logo.url, version: sql`${settings.version} + 1`, dateLastUpdate: sql`now()` })
          .where(eq(settings.id, current.id))
          .returning();
        await audit('setting.logo', 'setting', row.id, { logo: logo.url });
        return { body: row };
      });
      realtime.settingUpdated(updated, actor.id);
      return updated;
    },
  );
}
