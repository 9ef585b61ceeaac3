import { describe, expect, test } from 'vitest';
import { mayDo, mayOn, mayOpen } from '../../../src/shared/access.ts';

/** The shared access table against hand-written expectations (SPEC.md §6, DESIGN.md §5). */
const ROLES = { root: ['root'], admin: ['admin'], regular: ['regular'], lead: ['lead'] } as const;
type Who = keyof typeof ROLES;
const who = (allowed: Who[]) => (Object.keys(ROLES) as Who[]).map((role) => [role, allowed.includes(role)] as const);

describe('who opens which screen', () => {
  const cases: [Parameters<typeof mayOpen>[1], Who[]][] = [
    ['dashboard', ['root', 'admin', 'regular', 'lead']],
    ['leads', ['root', 'admin', 'regular']],
    ['leads.import', ['root', 'admin', 'regular']],
    ['users', ['root', 'admin']],
    ['campaigns', ['root', 'admin', 'regular']],
    ['verification', ['lead']],
    ['product-categories', ['root', 'admin']],
  ];
  test.each(cases)('%s', (screen, allowed) => {
    for (const [role, expected] of who(allowed)) expect(mayOpen(ROLES[role], screen), `${role} → ${screen}`).toBe(expected);
  });
});

describe('who may do what', () => {
  test('campaigns: staff read, admins write', () => {
    for (const [role, expected] of who(['root', 'admin', 'regular'])) expect(mayOn(ROLES[role], 'campaign', 'read')).toBe(expected);
    for (const action of ['create', 'update', 'delete'] as const)
      for (const [role, expected] of who(['root', 'admin'])) expect(mayOn(ROLES[role], 'campaign', action)).toBe(expected);
  });
  test('users: staff create (leads), admins delete; admins assign in bulk, connect as, reset, manage staff', () => {
    for (const [role, expected] of who(['root', 'admin', 'regular'])) expect(mayOn(ROLES[role], 'user', 'create')).toBe(expected);
    for (const [role, expected] of who(['root', 'admin'])) expect(mayOn(ROLES[role], 'user', 'delete')).toBe(expected);
    for (const action of [
      'user.bulkAssign',
      'auth.impersonate',
      'auth.resetPassword',
      'user.manageStaff',
      'user.lock',
      'settings.update',
    ] as const)
      for (const [role, expected] of who(['root', 'admin'])) expect(mayDo(ROLES[role], action), `${role} ${action}`).toBe(expected);
    for (const action of ['user.import', 'user.stats', 'user.decideVerification'] as const)
      for (const [role, expected] of who(['root', 'admin', 'regular']))
        expect(mayDo(ROLES[role], action), `${role} ${action}`).toBe(expected);
  });
});
