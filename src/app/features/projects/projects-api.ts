import type { SubscribeBody } from '../../../shared/contracts/projects.ts';
import { fetchBlob, saveBlob } from '../../api/lead-api.ts';
import { requireOnline } from '../../api/online-only.ts';
import { uploadWithProgress } from '../../api/upload.ts';
import { runOnline } from '../../offline/run-online.ts';

/**
 * A project image: uploaded before the project exists (its create needs one), or set on it by
 * `POST /project/{id}/image`. Online-only, like every upload.
 */
export function uploadProjectImage(file: File, projectId?: string): Promise<{ image?: string; url?: string; version?: number }> {
  requireOnline();
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(projectId ? `/v1/project/${projectId}/image` : '/v1/uploads/upload?purpose=projectImage', form);
}

/** Subscribing is online-only (DESIGN.md §10): refused offline with nothing sent; the investment lands in the mirror. */
export const subscribeToProject = (projectId: string, body: SubscribeBody, key: string) =>
  runOnline('investment', null, { method: 'POST', path: `/v1/project/${projectId}/subscribe`, body, key });

/** The signed subscription, as the server made it (the same bytes each time). */
export async function downloadSubscription(investmentId: string): Promise<void> {
  saveBlob(await fetchBlob(`/api/v1/investment/${investmentId}/subscription.pdf`), `subscription-${investmentId}.pdf`);
}
