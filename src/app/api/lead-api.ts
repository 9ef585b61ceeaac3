import type { campaignStatsContract, topCampaignsContract } from '../../shared/contracts/campaigns.ts';
import type { AnswerOf } from '../../shared/contracts/common.ts';
import type {
  bulkAssignContract,
  documentsContract,
  importCheckContract,
  importLeadsContract,
  leadStatsContract,
  leadTrendContract,
  uploadDocumentContract,
  verifyDocumentsContract,
} from '../../shared/contracts/leads.ts';
import type { DuplicateChoice } from '../../shared/lead-import.ts';
import { http } from './client.ts';
import { requireOnline } from './online-only.ts';
import { uploadWithProgress, type UploadProgress } from './upload.ts';

/** Lead management calls beyond the standard set (SPEC.md §7, issue 5), typed by their contracts (src/shared/contracts/). */

export type LeadTrend = AnswerOf<typeof leadTrendContract>;
export type TrendPoint = LeadTrend['trendData'][number];
export type LeadStats = AnswerOf<typeof leadStatsContract>['stats'];
export type TopCampaign = AnswerOf<typeof topCampaignsContract>['topCampaigns'][number];
export type DocumentsAnswer = AnswerOf<typeof documentsContract>;
export type LeadDocument = DocumentsAnswer['documents'][number];
export type ImportReport = AnswerOf<typeof importLeadsContract>;

export const bulkAssign = (leadIds: string[], userId: string | null) =>
  http<AnswerOf<typeof bulkAssignContract>>('/v1/user/bulk-assign', { method: 'PATCH', body: { leadIds, userId } });

export const leadTrend = (from: string, to: string, signal?: AbortSignal) =>
  http<LeadTrend>('/v1/user/lead-trend', { query: { from, to }, signal });

export const leadStats = (signal?: AbortSignal) => http<AnswerOf<typeof leadStatsContract>>('/v1/user/lead-stats', { signal });

export const topCampaigns = (signal?: AbortSignal) => http<AnswerOf<typeof topCampaignsContract>>('/v1/campaign/top', { signal });

export const campaignStats = (signal?: AbortSignal) => http<AnswerOf<typeof campaignStatsContract>>('/v1/campaign/stats', { signal });

export const documentsOf = (leadId: string, signal?: AbortSignal) => http<DocumentsAnswer>(`/v1/user/${leadId}/documents`, { signal });

export const decideVerification = (leadId: string, status: 'verified' | 'rejected', note?: string) =>
  http<AnswerOf<typeof verifyDocumentsContract>>(`/v1/user/${leadId}/verification`, {
    method: 'PATCH',
    body: note ? { status, note } : { status },
  });

/** Uploads are online-only (DESIGN.md §7). */
export function uploadDocument(leadId: string, file: File, onProgress?: (p: UploadProgress) => void) {
  requireOnline();
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<AnswerOf<typeof uploadDocumentContract, 201>>(`/v1/user/${leadId}/documents`, form, onProgress);
}

export type ImportChoices = {
  campaignId: string | null;
  /** The field of each sheet column (null = ignored), as the person matched them. */
  mapping: readonly (string | null)[];
  duplicates: DuplicateChoice;
};

/** Which of these emails are already users (the server's answer, in the caller's scope). */
export const importCheck = (emails: string[]) =>
  http<AnswerOf<typeof importCheckContract>>('/v1/user/import-check', { method: 'POST', body: { emails } });

/** The fields go first: the server reads them before it streams the file. */
export function importLeads(file: File, choices: ImportChoices, onProgress: (p: UploadProgress) => void, onUploaded: () => void) {
  requireOnline();
  const form = new FormData();
  if (choices.campaignId) form.append('campaignId', choices.campaignId);
  form.append('mapping', JSON.stringify(choices.mapping.map((field) => field ?? '')));
  form.append('duplicates', choices.duplicates);
  form.append('file', file, file.name);
  return uploadWithProgress<ImportReport>('/v1/user/import-excel', form, onProgress, onUploaded);
}

/** A private file (documents, the template) as a blob: it needs the Bearer token, so no plain link. */
export const fetchBlob = (url: string) => http<Blob, 'blob'>(url.replace(/^\/api/, ''), { responseType: 'blob' });

/** Hands a blob to the browser as a download under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Opens a blob in a new tab (a PDF or an image the browser shows itself). */
export function openBlob(blob: Blob): void {
  const href = URL.createObjectURL(blob);
  window.open(href, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export async function downloadTemplate(): Promise<void> {
  requireOnline();
  saveBlob(await http<Blob, 'blob'>('/v1/user/excel-template', { responseType: 'blob' }), 'lead_import_template.xlsx');
}
