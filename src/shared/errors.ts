/** Stable error codes of the API (DESIGN.md §4); each has a message under `errors.<code>` in locales/. */
export const ERROR_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'VERSION_CONFLICT',
  'CONFLICT',
  'EMAIL_TAKEN',
  'HAS_DEPENDENTS',
  'CAMPAIGN_HAS_LEADS',
  'DELETE_BLOCKED',
  'STAFF_HAS_LEADS',
  'INSUFFICIENT_FUNDS',
  'UNKNOWN_SYMBOL',
  'SEED_NOT_REVEALED',
  'FILE_TOO_LARGE',
  'FILE_TYPE',
  'FILE_MISSING',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_IN_PROGRESS',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'IMPORT_INVALID_FILE',
  'IMPORT_MISSING_COLUMNS',
  'IMPORT_TOO_MANY_ROWS',
  'IMPORT_EMPTY',
  'UPLOAD_QUOTA',
  'UPLOAD_STAFF_ONLY',
  'VERIFIER_UPLOADED',
  'VERIFICATION_NOT_PENDING',
  'NO_DOCUMENTS',
  'INVALID_TRANSITION',
  'LEAD_NOT_VERIFIED',
  'APPROVALS_REQUIRED',
  'APPROVAL_NOT_ALLOWED',
  'ALREADY_APPROVED',
  'SECOND_PERSON_REQUIRED',
  'PRODUCT_ALREADY_HELD',
  'PRODUCT_NOT_HELD',
  'OFFER_EXPIRED',
  'OFFER_OWN_DECISION',
  'STAFF_OR_LEAD',
  'SECURE_CODE_INVALID',
  'CARD_DEPOSIT_MAX',
  'CARD_DAILY_MAX',
  'ENTRY_MAX',
  'ENTRY_DAILY_MAX',
  'OUT_OF_RANGE',
  'CATALOGUE_DATA_LOSS',
  'LEVERAGE_ABOVE_MAX',
  'BINARY_OPTIONS_OFF',
  'BINARY_OPTIONS_NOT_ALLOWED',
  'EXPIRY_OUT_OF_RANGE',
  'CLOSE_BY_MARKET',
  'BINARY_SETTLES_AT_EXPIRY',
  'MARKET_CLOSED',
  'OFFLINE',
  'SYNC_RESYNC',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The JSON body of every failed call. */
export type ApiErrorBody = {
  message: string;
  code: ErrorCode;
  details?: Record<string, unknown>;
};

export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VERSION_CONFLICT: 409,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  HAS_DEPENDENTS: 409,
  CAMPAIGN_HAS_LEADS: 409,
  /** Some records of a delete cannot go (`details`: record id → its name and why); none was deleted. */
  DELETE_BLOCKED: 409,
  /** A staff member holding leads is deleted only with `leadsTo` (another user, or `none`). */
  STAFF_HAS_LEADS: 409,
  INSUFFICIENT_FUNDS: 422,
  /** A symbol the price feed does not quote (src/shared/trading/symbols.ts). */
  UNKNOWN_SYMBOL: 404,
  /** The price feed's seed of today or a later day: only its hash is published until the day is over. */
  SEED_NOT_REVEALED: 422,
  FILE_TOO_LARGE: 413,
  FILE_TYPE: 415,
  FILE_MISSING: 400,
  IDEMPOTENCY_MISMATCH: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IMPORT_INVALID_FILE: 422,
  IMPORT_MISSING_COLUMNS: 422,
  IMPORT_TOO_MANY_ROWS: 413,
  IMPORT_EMPTY: 422,
  /** A person's uploads of the last 24 hours reached their count or size (src/server/uploads/limits.ts). */
  UPLOAD_QUOTA: 422,
  /** Public files (the logo, product, project and market images) come from staff only. */
  UPLOAD_STAFF_ONLY: 403,
  /** Whoever uploaded a lead's documents never verifies them (DESIGN.md §6). */
  VERIFIER_UPLOADED: 422,
  VERIFICATION_NOT_PENDING: 409,
  /** Verify or reject with no document uploaded since the last rejection. */
  NO_DOCUMENTS: 422,
  /** A lifecycle move its machine does not allow from the record's state (DESIGN.md §6). */
  INVALID_TRANSITION: 422,
  /** Withdrawals (DESIGN.md §6): a verified lead only; above the threshold two staff approvals, never the enterer's. */
  LEAD_NOT_VERIFIED: 422,
  APPROVALS_REQUIRED: 422,
  APPROVAL_NOT_ALLOWED: 422,
  ALREADY_APPROVED: 409,
  /** Four eyes (DESIGN.md §6): the one who entered a credit never completes it; another staff member does. */
  SECOND_PERSON_REQUIRED: 422,
  /** A product is a unique item held by at most one lead (one conditional update decides between two buyers). */
  PRODUCT_ALREADY_HELD: 422,
  /** An offer is made on a product some lead holds. */
  PRODUCT_NOT_HELD: 422,
  /** Past its expiration date an offer is neither released nor answered. */
  OFFER_EXPIRED: 422,
  /** Whoever made or released an offer never answers it while connected as the lead. */
  OFFER_OWN_DECISION: 422,
  /** A user is staff or a lead, never both. */
  STAFF_OR_LEAD: 422,
  /** A wrong 3-D Secure code; `details.triesLeft` says how many remain (the third fails the deposit). */
  SECURE_CODE_INVALID: 422,
  /** A card deposit above the settings' maximum per deposit, or above what the lead may still pay by card in 24 hours. */
  CARD_DEPOSIT_MAX: 422,
  CARD_DAILY_MAX: 422,
  /** An entered deposit, withdrawal or adjustment above its maximum, or past what one lead's entries may add up to in 24 hours. */
  ENTRY_MAX: 422,
  ENTRY_DAILY_MAX: 422,
  /** A total (a balance) the write would take past its column: refused, nothing booked, logged for an operator. */
  OUT_OF_RANGE: 422,
  /** A catalogue change that would lose or invalidate products' values (a used field deleted, a type changed outside its conversion): `details` name each field. */
  CATALOGUE_DATA_LOSS: 422,
  /** Trading (DESIGN.md §11): a leverage above the symbol's ESMA maximum; binary options switched off, or the lead not labelled for them; a custom expiry out of range. */
  LEVERAGE_ABOVE_MAX: 422,
  BINARY_OPTIONS_OFF: 422,
  BINARY_OPTIONS_NOT_ALLOWED: 422,
  EXPIRY_OUT_OF_RANGE: 422,
  /** A lead closes at the market: a profit or price in its body is refused. */
  CLOSE_BY_MARKET: 422,
  /** A binary option ends at its expiry (the scheduler), not by a market close. */
  BINARY_SETTLES_AT_EXPIRY: 422,
  /** The feed has no price for the symbol yet (before its history): nothing opened or closed. */
  MARKET_CLOSED: 503,
  /** Client-side only: an online-only call made without a connection. */
  OFFLINE: 503,
  /** A `/sync` cursor older than the change log's compaction point: refill the mirror from 0. */
  SYNC_RESYNC: 410,
  INTERNAL: 500,
};
