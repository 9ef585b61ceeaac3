import { describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';

/**
 * The seven callers of a route table (DESIGN.md §5): root, an admin, the lead's assigned regular staff
 * member, another regular, the lead itself, another lead, and nobody signed in.
 */
export type Caller = 'root' | 'admin' | 'assignedStaff' | 'otherStaff' | 'ownLead' | 'otherLead' | 'anonymous';
export const CALLERS: Caller[] = ['root', 'admin', 'assignedStaff', 'otherStaff', 'ownLead', 'otherLead', 'anonymous'];

type Lead = { id: string; token: string };

/** Signs in the seven callers; `makeLead` makes a lead (a verified one for withdrawals), assigned when given a staff id. */
export async function signInCallers(
  server: TestServer,
  root: string,
  makeLead: (assignedTo?: string) => Promise<Lead>,
): Promise<{ tokens: Record<Caller, string | undefined>; lead: Lead; admin: string }> {
  const admin = await server.user(root, { roles: ['admin'] });
  const assigned = await server.user(root, { roles: ['regular'] });
  const other = await server.user(root, { roles: ['regular'] });
  const lead = await makeLead(assigned.id);
  const otherLead = await makeLead();
  const tokens: Record<Caller, string | undefined> = {
    root,
    admin: admin.token,
    assignedStaff: assigned.token,
    otherStaff: other.token,
    ownLead: lead.token,
    otherLead: otherLead.token,
    anonymous: undefined,
  };
  return { tokens, lead, admin: admin.token };
}

/** One test per route of a literal table: each caller's status must be the one written in its column. */
export function checkRouteTable<R extends string>(
  title: string,
  table: Record<R, number[]>,
  request: (route: R, caller: Caller) => Promise<{ status: number }>,
) {
  describe(title, () => {
    it.each(Object.keys(table) as R[])('%s', async (route) => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const [index, caller] of CALLERS.entries()) {
        got[caller] = (await request(route, caller)).status;
        want[caller] = table[route][index];
      }
      expect(got).toEqual(want);
    });
  });
}
