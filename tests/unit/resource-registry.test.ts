import { describe, expect, it } from 'vitest';
import { LEAD_OWNED_RESOURCES } from '../../src/server/resources/lead-owned.ts';
import { RESOURCES } from '../../src/server/resources/registry.ts';

describe('the resource registry', () => {
  it('lists every resource owned by a lead among those that follow their lead to another staff member', () => {
    const owned = RESOURCES.filter((r) => r.access.scope.kind === 'owned').map((r) => r.entity.name);
    expect(LEAD_OWNED_RESOURCES.map((r) => r.entity.name).sort()).toEqual(owned.sort());
  });
});
