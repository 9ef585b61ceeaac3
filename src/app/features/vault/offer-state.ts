import { offerMachine } from '../../../shared/lifecycle/machines.ts';
import { actionsFor, type ActionViewer } from '../../lists/allowed-actions.ts';
import type { OfferAction } from './vault-api.ts';

type OfferLike = Record<string, unknown> & { status?: unknown; expirationDate?: unknown; createdBy?: unknown; releasedBy?: unknown };

/** Not answered yet: waiting for release or for the lead. */
const OPEN = new Set(['awaiting_release', 'pending']);

/** Whether an offer not answered yet is past its expiration date (SPEC.md §4: shown as expired by date, before the scheduler marks it). */
export const isPastDate = (offer: OfferLike, now: number) =>
  OPEN.has(String(offer.status)) && typeof offer.expirationDate === 'string' && Date.parse(offer.expirationDate) <= now;

/** The status a reader sees: the record's, or `expired` once its date is past. */
export const shownStatus = (offer: OfferLike, now: number): string => (isPastDate(offer, now) ? 'expired' : String(offer.status ?? ''));

/**
 * What an offer offers this viewer now (CHECKLIST 1): the machine's actions for its status and roles,
 * less release to its maker (four eyes), less release, accept and decline once past its date (422
 * OFFER_EXPIRED), less accept and decline to whoever made or released it, signed in as the lead.
 */
export function offerActions(offer: OfferLike, viewer: ActionViewer, now: number): OfferAction[] {
  const actions = actionsFor(offerMachine, offer, viewer) as string[];
  const expired = isPastDate(offer, now);
  const own = viewer.person !== null && (viewer.person === offer.createdBy || viewer.person === offer.releasedBy);
  return actions.filter((action): action is OfferAction => {
    if (action === 'withdraw') return true;
    if (action === 'release') return !expired;
    if (action === 'accept' || action === 'decline') return !expired && !own;
    return false;
  });
}

/** Why a staff member sees no Release: they made it, and another staff member must release it. */
export const waitsForAnother = (offer: OfferLike, viewer: ActionViewer) =>
  offer.status === 'awaiting_release' && viewer.fourEyes && offer.createdBy === viewer.person;
