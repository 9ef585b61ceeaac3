import type { FastifyInstance } from 'fastify';
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  DUPLICATE_CHOICES,
  emailKey,
  guessMapping,
  IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  mappingSchema,
  missingColumns,
  NOTE_MARK,
  readRow,
  splitSheet,
  type LeadRow,
  type RowIssue,
} from '../../../shared/lead-import.ts';
import { isAdmin, isLeadOnly, type Role } from '../../../shared/roles.ts';
import { requireAction, scopeWhere } from '../../policy.ts';
import type { Actor } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { campaigns, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { languageOf, translate } from '../../http/i18n.ts';
import { mutate } from '../../http/mutate.ts';
import { parse } from '../../http/validate.ts';
import { notify } from '../../notifications/notify.ts';
import { updateRecord } from '../../resources/define-resource.ts';
import { userResource } from '../../resources/user.ts';
import { createParsePool, PARSE_POOL } from './parse-pool.ts';
import { importCheckContract, importLeadsContract, importTemplateContract } from '../../../shared/contracts/leads.ts';

export { MAX_IMPORT_BYTES };
const CHUNK = 2000;
const XLSX_MAGIC = 0x04034b50; // zip
const XLS_MAGIC = 0xe011cfd0; // compound file

type Rejected = { row: number; email: string; errors: Record<string, string> };

/** The uploaded file and fields of the import form, with the file size capped. */
async function readForm(request: Parameters<typeof actorOrThrow>[0]) {
  let bytes: Buffer | undefined;
  let filename = '';
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      filename = part.filename;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', undefined, { filename });
        throw error;
      }
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  if (!bytes?.length) throw new AppError('FILE_MISSING');
  // One .xlsx or .xls (SPEC.md §5), by name and by content.
  const magic = bytes.length >= 4 ? bytes.readUInt32LE(0) : 0;
  const byName = /\.xlsx$/i.test(filename) ? XLSX_MAGIC : /\.xls$/i.test(filename) ? XLS_MAGIC : undefined;
  if (!byName || magic !== byName) throw new AppError('FILE_TYPE', undefined, { filename });
  return { bytes, fields };
}

/** Excel lead import and its template (SPEC.md §7, issue 5). */
export function registerImportRoutes(app: FastifyInstance) {
  const parsePool = createParsePool(PARSE_POOL);
  app.get(
    '/api/v1/user/excel-template',
    { schema: { tags: ['user'], summary: 'The lead import template (.xlsx)', ...importTemplateContract } },
    async (request, reply) => {
      requireAction(actorOrThrow(request), 'user.import');
      // Loaded on first use: xlsx is the heaviest import of the server (≈0.3–0.5 s of every cold start).
      const XLSX = await import('xlsx');
      // The example is a note line (first cell starting with #): the import skips it, so a template
      // filled in below it never imports Ada Lovelace by accident. Every cell is a text cell.
      const note = translate(languageOf(request.headers['x-lang']), 'app.import.templateNote');
      const sheet = XLSX.utils.aoa_to_sheet([
        [...IMPORT_COLUMNS],
        [`${NOTE_MARK} ${note}: Ada`, 'Lovelace', 'ada@example.com', '+44 20 7946 0000', '+44 7700 900000', ''],
      ]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Leads');
      const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="lead_import_template.xlsx"')
        .send(bytes);
    },
  );

  app.post(
    '/api/v1/user/import-check',
    {
      schema: {
        tags: ['user'],
        summary: 'Which emails are already users the caller may see, before an import (updatable: a lead the caller may change)',
        ...importCheckContract,
      },
      bodyLimit: 8 * 1024 * 1024,
    },
    async (request) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'user.import');
      const { emails } = request.body as { emails: string[] };
      const found = await existingUsers(app.services.db, actor, emails.map(emailKey));
      // Only users the caller may see: an email outside their scope (a staff member, another's lead) reads
      // as a new one here, and the import itself refuses it as taken, saying no more (docs/decisions/import-check-scope.md).
      return {
        existing: [...found.values()]
          .filter((user) => user.inScope)
          .map((user) => ({
            email: user.email,
            updatable: user.updatable,
            // Names only of the leads the caller may see.
            ...(user.updatable ? { name: `${user.firstName} ${user.lastName}`.trim() } : {}),
          })),
      };
    },
  );

  app.post(
    '/api/v1/user/import-excel',
    {
      schema: {
        tags: ['user'],
        summary: 'Import leads from one .xlsx or .xls (multipart: file, campaignId, mapping, duplicates)',
        ...importLeadsContract,
      },
      bodyLimit: MAX_IMPORT_BYTES + 64 * 1024,
    },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'user.import');
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      request.idempotency = undefined; // the file is not part of the request hash: never replay an import by key
      const { bytes, fields } = await readForm(request);
      const form = parse(
        z.object({
          campaignId: z
            .uuid({ error: 'validation.id' })
            .optional()
            .or(z.literal('').transform(() => undefined)),
          mapping: z
            .string()
            .optional()
            .transform((text, ctx) => {
              if (!text) return undefined;
              try {
                return JSON.parse(text) as unknown;
              } catch {
                ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
                return z.NEVER;
              }
            })
            .pipe(mappingSchema.optional()),
          duplicates: z.enum(DUPLICATE_CHOICES, { error: 'validation.oneOf' }).default('skip'),
        }),
        fields,
      );

      // The worker refuses a sheet longer than the maximum itself; the count here is of data rows.
      const { headers, data } = splitSheet(await parsePool.parse(actor.id, bytes));
      if (!data.length) throw new AppError('IMPORT_EMPTY');
      if (data.length > MAX_IMPORT_ROWS) throw new AppError('IMPORT_TOO_MANY_ROWS', undefined, { max: MAX_IMPORT_ROWS });
      const mapping = form.mapping ?? guessMapping(headers);
      const missing = missingColumns(mapping);
      if (missing.length) throw new AppError('IMPORT_MISSING_COLUMNS', undefined, { columns: missing.join(', ') });

      const lang = languageOf(request.headers['x-lang']);
      const say = (errors: Partial<Record<string, RowIssue>>) =>
        Object.fromEntries(Object.entries(errors).map(([field, issue]) => [field, translate(lang, issue!.key, issue!.params)]));
      const rejected: Rejected[] = [];
      const accepted: { row: number; lead: LeadRow }[] = [];
      const seen = new Set<string>();
      for (const { row, cells } of data) {
        const result = readRow(cells, mapping);
        if (!result.ok) {
          rejected.push({ row, email: result.email, errors: say(result.errors) });
        } else if (seen.has(result.lead.email)) {
          rejected.push({ row, email: result.lead.email, errors: say({ email: { key: 'validation.duplicateInFile', params: {} } }) });
        } else {
          seen.add(result.lead.email);
          accepted.push({ row, lead: result.lead });
        }
      }

      const { campaignId } = form;
      const result = await mutate(request, reply, async (work) => {
        const { tx } = work;
        if (
          campaignId &&
          !(
            await tx
              .select({ id: campaigns.id })
              .from(campaigns)
              .where(inArray(campaigns.id, [campaignId]))
          ).length
        ) {
          throw new AppError('VALIDATION', { campaignId: { key: 'validation.reference', params: {} } });
        }
        const existing = await existingUsers(tx, work.actor, [...seen]);
        const campaignByName = new Map(
          (await tx.select({ id: campaigns.id, name: campaigns.name }).from(campaigns)).map((c) => [c.name.trim().toLowerCase(), c.id]),
        );
        const assignedTo = isAdmin(actor.roles) ? null : actor.id;
        const values = [];
        const updated: string[] = [];
        const ctx = { ...work, request };
        for (const { row, lead } of accepted) {
          const refuse = (field: string, key: string, params: Record<string, unknown> = {}) =>
            rejected.push({ row, email: lead.email, errors: say({ [field]: { key, params } }) });
          const named = lead.campaignName ? campaignByName.get(lead.campaignName.trim().toLowerCase()) : undefined;
          if (lead.campaignName && !named) {
            refuse('campaignName', 'validation.unknownCampaign', { name: lead.campaignName });
            continue;
          }
          const campaign = named ?? campaignId ?? null;
          const owner = existing.get(lead.email);
          if (owner) {
            // Outside the caller's scope: taken, and nothing about whose it is (a staff member, another's lead).
            if (form.duplicates === 'skip' || !owner.isLead || !owner.inScope) refuse('email', 'errors.EMAIL_TAKEN');
            else if (!owner.updatable) refuse('email', 'validation.importMayNotUpdate');
            else {
              // The normal PATCH path: scope, the user resource's field rules, version, change log.
              try {
                await updateRecord(userResource, ctx, owner.id, patchOf(lead, campaign));
                updated.push(owner.id);
              } catch (error) {
                if (!(error instanceof AppError)) throw error;
                refuse('email', 'validation.importMayNotUpdate');
              }
            }
            continue;
          }
          values.push({
            id: uuidv7(),
            email: lead.email,
            firstName: lead.firstName,
            lastName: lead.lastName,
            phone: lead.phone ?? null,
            mobile: lead.mobile ?? null,
            campaignId: campaign,
            assignedTo,
            roles: ['lead'],
            passwordHash: null,
          });
        }
        for (let i = 0; i < values.length; i += CHUNK) await tx.insert(users).values(values.slice(i, i + CHUNK));
        work.changed(
          values.map((v) => ({
            entity: 'user',
            recordId: v.id,
            op: 'upsert' as const,
            audience: [v.id, ...(assignedTo ? [assignedTo] : [])],
          })),
        );
        await work.audit('user.import', 'user', null, {
          imported: values.length,
          updated: updated.length,
          updatedIds: updated.slice(0, 1000),
          rejected: rejected.length,
          campaignId: campaignId ?? null,
        });
        await notify(work, actor.id, 'importFinished', 'app.notifications.importFinished', {
          imported: values.length + updated.length,
          rejected: rejected.length,
        });
        rejected.sort((a, b) => a.row - b.row);
        return {
          body: {
            imported: values.length,
            updated: updated.length,
            total: data.length,
            failed: rejected,
            message: rejected.length ? translate(lang, 'app.import.someFailed') : undefined,
          },
        };
      });
      return result;
    },
  );
}

/** What an update changes on an existing lead: the row's filled fields only (an empty cell keeps the value). */
function patchOf(lead: LeadRow, campaign: string | null) {
  const patch: Record<string, unknown> = {};
  if (lead.firstName) patch.firstName = lead.firstName;
  if (lead.lastName) patch.lastName = lead.lastName;
  if (lead.phone) patch.phone = lead.phone;
  if (lead.mobile) patch.mobile = lead.mobile;
  if (campaign) patch.campaignId = campaign;
  return patch;
}

type Existing = { id: string; email: string; firstName: string; lastName: string; isLead: boolean; inScope: boolean; updatable: boolean };

/**
 * The users holding any of these emails (lower case, as stored), each with whether the actor may see
 * it (the user resource's scope) and may change it from an import: a lead-only user inside that scope.
 */
async function existingUsers(db: Executor, actor: Actor, emails: string[]): Promise<Map<string, Existing>> {
  const columns = getTableColumns(users) as unknown as Record<string, PgColumn>;
  const scope = scopeWhere(userResource.access.scope, columns, actor, db);
  const found = new Map<string, Existing>();
  for (let i = 0; i < emails.length; i += 5000) {
    // One array parameter, not one per email: drizzle's builder is slow on thousands of parameters.
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        roles: users.roles,
        inScope: scope ? sql<boolean>`coalesce((${scope}), false)` : sql<boolean>`true`,
      })
      .from(users)
      .where(sql`${users.email} = any(${sql.param(emails.slice(i, i + 5000))}::text[])`);
    for (const row of rows) {
      const isLead = isLeadOnly(row.roles as Role[]);
      found.set(row.email, { ...row, isLead, updatable: isLead && row.inScope });
    }
  }
  return found;
}
