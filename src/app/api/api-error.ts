/** What every failed call becomes: the text to show, plus what the server said about it. */
export type ApiError = {
  message: string;
  status?: number;
  code?: string;
  details?: Record<string, string>;
  /** No response at all (offline, DNS, timeout): the offline engine retries these. */
  network: boolean;
};

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

export const isApiError = (value: unknown): value is ApiError =>
  typeof value === 'object' && value !== null && 'message' in value && 'network' in value;

let read = (error: unknown): ApiError =>
  isApiError(error) ? error : { message: (error instanceof Error && error.message) || UNEXPECTED_ERROR, network: false };

/**
 * http.ts teaches this to read ofetch's errors when it loads (only then can there be any), so code that
 * shows errors (forms) does not load ofetch itself: the login screen shows before the http client loads.
 */
export function readApiErrorsWith(reader: (error: unknown) => ApiError): void {
  read = reader;
}

/** Any failure as an ApiError (the http client's reading once it is loaded). */
export const asApiError = (error: unknown): ApiError => read(error);
