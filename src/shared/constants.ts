/** Business constants of SPEC.md §3 and §9. */
export const THEME_COLORS = [
  'purple',
  'brown',
  'lightBlue',
  'pink',
  'emerald',
  'ocean',
  'sunset',
  'midnight',
  'forest',
  'rose',
  'sapphire',
  'lavender',
  'coral',
  'slate',
  'deepTeal',
] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export const MODES = ['light', 'dark'] as const;
export const LANGUAGES = ['en', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LEAD_LABELS = ['forex', 'binary_options', 'diamond'] as const;
export const USER_STATUSES = ['active', 'locked'] as const;
export const VERIFICATION_STATUSES = ['uninitialized', 'pending', 'verified', 'rejected'] as const;
export const DEPOSIT_STATUSES = ['pending', 'awaiting_3d_secure', 'completed', 'failed', 'cancelled'] as const;
export const WITHDRAWAL_STATUSES = ['pending', 'completed', 'failed'] as const;
/** `closing`: a staff close with a chosen profit waits for a second person (four eyes, DESIGN.md §6). */
export const ORDER_STATUSES = ['open', 'closing', 'closed'] as const;
export const ORDER_TYPES = ['buy', 'sell'] as const;
export const ORDER_MARKETS = ['forex', 'binary_options'] as const;
/**
 * An offer waits `awaiting_release` until a second staff member releases it to the lead (four eyes), then
 * `pending` until the lead answers; `expired` is its own state, set by the scheduler past the expiration
 * date (docs/decisions/offer-expiry.md).
 */
export const OFFER_STATUSES = ['awaiting_release', 'pending', 'accepted', 'rejected', 'expired'] as const;
/** A product bought for a lead: held in its vault until an accepted offer sells it. */
export const HOLDING_STATUSES = ['held', 'sold'] as const;
export const DIVIDEND_FREQUENCIES = ['monthly', 'yearly', 'end'] as const;
export const FIELD_TYPES = ['string', 'number', 'boolean', 'date'] as const;
export const CATEGORY_STATUSES = ['active', 'inactive'] as const;

/** 5 MB: images, documents and logos (SPEC.md §9). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const HTTP_TIMEOUT_MS = 60_000;
