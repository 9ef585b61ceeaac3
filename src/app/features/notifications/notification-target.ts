import { isStaff } from '../../../shared/roles.ts';

/** Where a notification leads: the page of the record it is about, as a router link. */
export type NotificationTarget = { to: string; params?: Record<string, string>; search?: Record<string, unknown> };

type Notice = { readonly [field: string]: unknown };

/**
 * The record a notification is about, by what it carries: a lead (documents arrived) opens that lead's
 * page for staff; money notices open their list, narrowed to the lead where the notice names one;
 * a lead's own verification notice opens its documents. Unknown kinds open nothing.
 */
export function notificationTarget(notice: Notice, roles: readonly string[]): NotificationTarget | undefined {
  const data = (notice.data && typeof notice.data === 'object' ? notice.data : {}) as Record<string, unknown>;
  const leadId = typeof data.leadId === 'string' ? data.leadId : undefined;
  const staff = isStaff(roles);
  const ofLead = (field: string) => (staff && leadId ? { filters: [{ field, values: [leadId] }] } : undefined);
  switch (notice.type) {
    case 'documentsUploaded':
      return staff && leadId ? { to: '/leads/$leadId', params: { leadId } } : undefined;
    case 'verification':
      return staff ? undefined : { to: '/verification' };
    case 'deposit':
      return { to: '/deposits', search: ofLead('userId') };
    case 'withdrawal':
      return { to: '/withdrawals', search: ofLead('userId') };
    case 'funds':
      return staff ? undefined : { to: '/billing' };
    case 'leadsAssigned':
    case 'importFinished':
      return staff ? { to: '/leads' } : undefined;
    default:
      return undefined;
  }
}
