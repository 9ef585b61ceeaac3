import { allows, type Audience } from '../../shared/roles.ts';

/** Sidebar entries of SPEC.md §2, in order, with who sees them (the server enforces the rest). */
export type NavEntry = { key: string; to: string; audience: Audience; leadsToo: boolean; leadOnly?: boolean };

const entry = (key: string, audience: Audience, leadsToo = false): NavEntry => ({
  key,
  to: key === 'dashboard' ? '/' : `/${key}`,
  audience,
  leadsToo,
});

export const SIDEBAR: readonly NavEntry[] = [
  entry('dashboard', 'all', true),
  entry('projects', 'all', true),
  entry('billing', 'all', true),
  entry('settings', 'all', true),
  // The lead's document upload page (SPEC.md §2); staff review documents on each lead's page.
  { ...entry('verification', 'all', true), leadOnly: true },
  entry('users', 'admin'),
  entry('leads', 'staff'),
  entry('campaigns', 'staff'),
  entry('cash-flow', 'staff'),
  entry('deposits', 'all', true),
  entry('withdrawals', 'all', true),
  entry('investments', 'all', true),
  entry('product-markets', 'all', true),
  entry('orders', 'all', true),
  entry('product-categories', 'admin'),
  entry('vault', 'all', true),
  entry('products', 'all', true),
  entry('offers', 'all', true),
  entry('sales', 'staff'),
];

export const SIDEBAR_KEYS = new Set(SIDEBAR.map((e) => e.key));

/** A lead-only user sees the lead entries; staff see what their role allows. */
export function visibleEntries(roles: readonly string[]): NavEntry[] {
  const leadOnly = roles.length === 1 && roles[0] === 'lead';
  return SIDEBAR.filter((e) => (leadOnly ? e.leadsToo : !e.leadOnly && allows(e.audience, roles)));
}
