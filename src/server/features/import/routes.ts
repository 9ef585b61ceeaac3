import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { isAdmin } from '../../../shared/roles.ts';
import { requireAction } from '../../policy.ts';
import { campaigns, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { actorOrThrow } from '../../http/authenticate.ts';
import { languageOf, translate } from '../../http/i18n.ts';
import { mutate } from '../../http/mutate.ts';
import { parse, type FieldIssue } from '../../http/validate.ts';
import { notify } from '../../notifications/notify.ts';
import { IMPORT_COLUMNS, mapHeaders, readRow, type LeadRow } from './lead-rows.ts';
import { IMPORT_LIMITS } from './parse-spreadsheet.ts';
import { createParsePool, PARSE_POOL } from './parse-pool.ts';
import { importLeadsContract, importTemplateContract } from '../../../shared/contracts/leads.ts';

export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
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
      const sheet = XLSX.utils.aoa_to_sheet([
        [...IMPORT_COLUMNS],
        ['Ada', 'Lovelace', 'ada@example.com', '+44 20 7946 0000', '+44 7700 900000', ''],
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
    '/api/v1/user/import-excel',
    {
      schema: { tags: ['user'], summary: 'Import leads from one .xlsx or .xls (multipart: file, campaignId)', ...importLeadsContract },
      bodyLimit: MAX_IMPORT_BYTES + 64 * 1024,
    },
    async (request, reply) => {
      const actor = actorOrThrow(request);
      requireAction(actor, 'user.import');
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      request.idempotency = undefined; // the file is not part of the request hash: never replay an import by key
      const { bytes, fields } = await readForm(request);
      const { campaignId } = parse(
        z.object({
          campaignId: z
            .uuid({ error: 'validation.id' })
            .optional()
            .or(z.literal('').transform(() => undefined)),
        }),
        fields,
      );

      const rows = await parsePool.parse(actor.id, bytes);
      if (!rows.length) throw new AppError('IMPORT_MISSING_COLUMNS', undefined, { columns: 'email' });
      const [headers, ...data] = rows;
      if (data.length > IMPORT_LIMITS.maxRows) throw new AppError('IMPORT_TOO_MANY_ROWS', undefined, { max: IMPORT_LIMITS.maxRows });
      const { index, missing } = mapHeaders(headers);
      if (missing.length) throw new AppError('IMPORT_MISSING_COLUMNS', undefined, { columns: missing.join(', ') });

      const lang = languageOf(request.headers['x-lang']);
      const say = (errors: Record<string, FieldIssue>) =>
        Object.fromEntries(Object.entries(errors).map(([field, issue]) => [field, translate(lang, issue.key, issue.params)]));
      const rejected: Rejected[] = [];
      const accepted: { row: number; lead: LeadRow }[] = [];
      const seen = new Set<string>();
      data.forEach((cells, i) => {
        const row = i + 2; // as the spreadsheet numbers it, after the header
        const result = readRow(cells, index);
        if (!result.ok) return rejected.push({ row, email: result.email, errors: say(result.errors) });
        if (seen.has(result.lead.email))
          return rejected.push({
            row,
            email: result.lead.email,
            errors: say({ email: { key: 'validation.duplicateInFile', params: {} } }),
          });
        seen.add(result.lead.email);
        accepted.push({ row, lead: result.lead });
      });

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
        const taken = new Set<string>();
        const emails = accepted.map((a) => a.lead.email);
        for (let i = 0; i < emails.length; i += 5000) {
          for (const { email } of await tx
            .select({ email: users.email })
            .from(users)
            .where(inArray(users.email, emails.slice(i, i + 5000))))
            taken.add(email);
        }
        const campaignByName = new Map(
          (await tx.select({ id: campaigns.id, name: campaigns.name }).from(campaigns)).map((c) => [c.name.trim().toLowerCase(), c.id]),
        );
        const assignedTo = isAdmin(actor.roles) ? null : actor.id;
        const values = [];
        for (const { row, lead } of accepted) {
          if (taken.has(lead.email)) {
            rejected.push({ row, email: lead.email, errors: say({ email: { key: 'errors.EMAIL_TAKEN', params: {} } }) });
            continue;
          }
          const named = lead.campaignName ? campaignByName.get(lead.campaignName.trim().toLowerCase()) : undefined;
          if (lead.campaignName && !named) {
            rejected.push({
              row,
              email: lead.email,
              errors: say({ campaignName: { key: 'validation.unknownCampaign', params: { name: lead.campaignName } } }),
            });
            continue;
          }
          values.push({
            id: uuidv7(),
            email: lead.email,
            firstName: lead.firstName,
            lastName: lead.lastName,
            phone: lead.phone ?? null,
            mobile: lead.mobile ?? null,
            campaignId: named ?? campaignId ?? null,
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
          rejected: rejected.length,
          campaignId: campaignId ?? null,
        });
        await notify(work, actor.id, 'importFinished', 'app.notifications.importFinished', {
          imported: values.length,
          rejected: rejected.length,
        });
        rejected.sort((a, b) => a.row - b.row);
        return {
          body: {
            imported: values.length,
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
