import { auth } from '../state/auth.ts';
import { ui } from '../state/ui.ts';
import { flattenDetails, UNEXPECTED_ERROR, type ApiError } from './http.ts';
import { HTTP_TIMEOUT_MS } from '../../shared/constants.ts';

export type UploadProgress = { loaded: number; total: number };

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not). Same headers and error rule as the HTTP client (SPEC.md §7, §8).
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
  onUploaded?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    xhr.timeout = HTTP_TIMEOUT_MS;
    xhr.responseType = 'text';
    xhr.setRequestHeader('x-timezone', Intl.DateTimeFormat().resolvedOptions().timeZone);
    xhr.setRequestHeader('x-lang', ui.localLanguage);
    if (auth.token) xhr.setRequestHeader('authorization', `Bearer ${auth.token}`);
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.upload.onload = () => onUploaded?.();
    const failed = (message: string, status?: number, body?: { code?: unknown; details?: unknown }): ApiError => ({
      message,
      status,
      code: typeof body?.code === 'string' ? body.code : undefined,
      details: flattenDetails(body?.details),
      network: status === undefined,
    });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const error = body as { message?: unknown; code?: unknown; details?: unknown } | undefined;
      reject(
        failed(typeof error?.message === 'string' && error.message ? error.message : xhr.statusText || UNEXPECTED_ERROR, xhr.status, error),
      );
    };
    xhr.onerror = () => reject(failed(UNEXPECTED_ERROR));
    xhr.ontimeout = () => reject(failed(UNEXPECTED_ERROR));
    xhr.send(form);
  });
}
