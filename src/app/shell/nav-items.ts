import { mayOpen, SCREEN_ACCESS, type ScreenKey } from '../../shared/access.ts';

/** Sidebar entries of SPEC.md §2, in order; who sees each is the shared access table's (src/shared/access.ts). */
export type NavEntry = { key: ScreenKey; to: string };

const SIDEBAR_ORDER = [
  'dashboard',
  'projects',
  'billing',
  'settings',
  // The lead's document upload page (SPEC.md §2); staff review documents on each lead's page.
  'verification',
  'users',
  'leads',
  'campaigns',
  'cash-flow',
  'deposits',
  'withdrawals',
  'adjustments',
  'investments',
  'product-markets',
  'orders',
  'product-categories',
  'vault',
  'products',
  'offers',
  'sales',
] as const satisfies readonly ScreenKey[];

export const SIDEBAR: readonly NavEntry[] = SIDEBAR_ORDER.map((key) => ({ key, to: key === 'dashboard' ? '/' : `/${key}` }));

export const SIDEBAR_KEYS = new Set<string>(SIDEBAR_ORDER);

/** The entries this user may open: the same rule that guards the routes. */
export function visibleEntries(roles: readonly string[]): NavEntry[] {
  return SIDEBAR.filter((e) => mayOpen(roles, e.key));
}

/** The screen a path opens ('/leads/import' is its own; a lead's page belongs to the leads), or null when unknown. */
export function screenOfPath(pathname: string): ScreenKey | null {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (!first) return 'dashboard';
  if (first === 'leads' && second === 'import') return 'leads.import';
  return first in SCREEN_ACCESS ? (first as ScreenKey) : null;
}
