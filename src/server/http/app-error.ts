import { HTTP_STATUS, type ErrorCode } from '../../shared/errors.ts';

/** A failure with a stable code; the error handler turns it into `{ message, code, details }`. */
export class AppError extends Error {
  readonly status: number;
  /** Where one place reads its code more precisely ('errors.INSUFFICIENT_FUNDS_investment'): the message's key; else `errors.<code>`. */
  messageKey?: string;
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
    /** Parameters of the translated message (`errors.<code>`). */
    readonly params: Record<string, unknown> = {},
    /** Extra top-level fields of the error body, e.g. `current` on VERSION_CONFLICT. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.status = HTTP_STATUS[code];
  }
}

/** 429 with the seconds to wait, sent as `Retry-After` (and in the message). */
export class RateLimited extends AppError {
  constructor(readonly retryAfter: number) {
    super('RATE_LIMITED', undefined, { seconds: retryAfter }, { retryAfter });
  }
}
