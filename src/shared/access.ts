import type { EntityName } from './entities/index.ts';
import { allows, isLeadOnly, type Audience } from './roles.ts';

/**
 * Who may do what (DESIGN.md §5), in one table: the server's policy reads it to refuse, the client's
 * routes, buttons, row and bulk actions read it to offer. Scopes (which records) stay in the server.
 */
export type CrudAction = 'read' | 'create' | 'update' | 'delete';
export type EntityAccess = Readonly<Record<CrudAction, Audience>>;

export const ENTITY_ACCESS = {
  user: { read: 'all', create: 'staff', update: 'all', delete: 'admin' },
  notification: { read: 'all', create: 'admin', update: 'all', delete: 'all' },
  campaign: { read: 'staff', create: 'admin', update: 'admin', delete: 'admin' },
  comment: { read: 'staff', create: 'staff', update: 'staff', delete: 'admin' },
  deposit: { read: 'all', create: 'staff', update: 'staff', delete: 'admin' },
  // An investment and a dividend are money records (the ledger keeps their transfers): never deleted.
  investment: { read: 'all', create: 'staff', update: 'admin', delete: 'nobody' },
  // An order moves money: opened by `POST /order` at the server's price (ACTION_ACCESS 'order.open'), closed by actions, never patched or deleted.
  order: { read: 'all', create: 'nobody', update: 'nobody', delete: 'nobody' },
  'product-market': { read: 'all', create: 'admin', update: 'admin', delete: 'admin' },
  project: { read: 'all', create: 'admin', update: 'admin', delete: 'admin' },
  // A withdrawal is never deleted: it holds money until completed or failed.
  withdrawal: { read: 'all', create: 'all', update: 'admin', delete: 'nobody' },
  // Staff enter a dividend by hand; another staff member completes it (four eyes).
  dividend: { read: 'all', create: 'staff', update: 'admin', delete: 'nobody' },
  product: { read: 'all', create: 'admin', update: 'admin', delete: 'admin' },
  'product-category': { read: 'all', create: 'admin', update: 'admin', delete: 'admin' },
  // An offer moves only by its actions (release, accept, decline, withdraw): never edited nor deleted.
  offer: { read: 'all', create: 'staff', update: 'nobody', delete: 'nobody' },
  // Bought by `POST /product/purchase`, sold by an accepted offer: the standard set only reads it.
  holding: { read: 'all', create: 'nobody', update: 'nobody', delete: 'nobody' },
} as const satisfies Record<EntityName, EntityAccess>;

/** Actions beyond the standard five routes, each with its audience. */
export const ACTION_ACCESS = {
  /** Creating or changing anyone but a lead (roles above lead); regular staff manage leads only. */
  'user.manageStaff': 'admin',
  'user.bulkAssign': 'admin',
  'user.lock': 'admin',
  'user.import': 'staff',
  'user.stats': 'staff',
  'user.decideVerification': 'staff',
  'campaign.top': 'staff',
  'auth.impersonate': 'admin',
  'auth.resetPassword': 'admin',
  'settings.update': 'admin',
  /** A lead opens an order for itself, staff for a lead in their scope (src/server/trading/orders). */
  'order.open': 'all',
  'order.stats': 'all',
  /** Buy a product for a lead (DESIGN.md §12); the sales figures. */
  'product.purchase': 'staff',
  'sales.read': 'staff',
} as const satisfies Record<string, Audience>;
export type ExtraAction = keyof typeof ACTION_ACCESS;

/** Who opens each screen of the client: an audience, or only leads (the lead's own pages). */
export type ScreenAudience = Audience | 'leadOnly';
export const SCREEN_ACCESS = {
  dashboard: 'all',
  projects: 'all',
  billing: 'all',
  settings: 'all',
  profile: 'all',
  platform: 'all',
  'sync-issues': 'all',
  verification: 'leadOnly',
  users: 'admin',
  leads: 'staff',
  'leads.import': ACTION_ACCESS['user.import'],
  campaigns: ENTITY_ACCESS.campaign.read,
  'cash-flow': 'staff',
  deposits: 'all',
  withdrawals: 'all',
  // Manual adjustments of a lead's funds: admins enter them, another admin completes them (four eyes).
  adjustments: 'admin',
  investments: 'all',
  'product-markets': 'all',
  orders: 'all',
  'product-categories': 'admin',
  vault: 'all',
  products: 'all',
  offers: 'all',
  sales: 'staff',
} as const satisfies Record<string, ScreenAudience>;
export type ScreenKey = keyof typeof SCREEN_ACCESS;

export const mayOn = (roles: readonly string[], entity: EntityName, action: CrudAction) => allows(ENTITY_ACCESS[entity][action], roles);
export const mayDo = (roles: readonly string[], action: ExtraAction) => allows(ACTION_ACCESS[action], roles);
export const mayOpen = (roles: readonly string[], screen: ScreenKey) => {
  const audience: ScreenAudience = SCREEN_ACCESS[screen];
  return audience === 'leadOnly' ? isLeadOnly(roles) : allows(audience, roles);
};
