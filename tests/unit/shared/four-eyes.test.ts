import { describe, expect, it } from 'vitest';
import { allowedActions } from '../../../src/shared/lifecycle/define-machine.ts';
import { needsSecondPerson, realPersonOf, waitsForSecondPerson } from '../../../src/shared/lifecycle/four-eyes.ts';
import { adjustmentMachine, depositMachine, orderMachine, withdrawalMachine } from '../../../src/shared/lifecycle/machines.ts';
import { approvalState, approvalsNeeded, windowTotalCents, type WithdrawalFacts } from '../../../src/shared/money/withdrawal-approvals.ts';

/** The shared rules the server refuses with and the screens offer by (DESIGN.md §6); expectations are literals. */
describe('four eyes', () => {
  const complete = depositMachine.actions.complete;
  const fail = depositMachine.actions.fail;

  it('keeps whoever entered a record from a fourEyes action while the setting is on, and no one else', () => {
    expect(needsSecondPerson(complete, { createdBy: 'ann' }, 'ann', true)).toBe(true);
    expect(needsSecondPerson(complete, { createdBy: 'ann' }, 'bob', true)).toBe(false);
    expect(needsSecondPerson(complete, { createdBy: 'ann' }, 'ann', false)).toBe(false);
    // Failing books nothing: the one who entered it may withdraw a mistake.
    expect(needsSecondPerson(fail, { createdBy: 'ann' }, 'ann', true)).toBe(false);
    // A record nobody entered (older rows) holds no one back.
    expect(needsSecondPerson(complete, { createdBy: null }, 'ann', true)).toBe(false);
    expect(needsSecondPerson(adjustmentMachine.actions.complete, { createdBy: 'ann' }, 'ann', true)).toBe(true);
  });

  it("an action naming its own field compares that field: an order's close is confirmed by someone else than who asked for it", () => {
    const confirm = orderMachine.actions['confirm-close'];
    expect(needsSecondPerson(confirm, { createdBy: 'lead', closeRequestedBy: 'ann' }, 'ann', true)).toBe(true);
    expect(needsSecondPerson(confirm, { createdBy: 'ann', closeRequestedBy: 'bob' }, 'ann', true)).toBe(false);
    expect(waitsForSecondPerson(orderMachine, { status: 'closing', closeRequestedBy: 'ann' }, true)).toBe(true);
    expect(waitsForSecondPerson(orderMachine, { status: 'open', createdBy: 'ann', closeRequestedBy: null }, true)).toBe(false);
  });

  it('the real person behind an impersonation is the one compared', () => {
    expect(realPersonOf({ id: 'lead-token-user', impersonatorId: 'admin' })).toBe('admin');
    expect(realPersonOf({ id: 'ann', impersonatorId: null })).toBe('ann');
  });

  it('a pending staff-entered deposit waits for a second person; a completed one, or with the rule off, does not', () => {
    expect(waitsForSecondPerson(depositMachine, { status: 'pending', createdBy: 'ann' }, true)).toBe(true);
    expect(waitsForSecondPerson(depositMachine, { status: 'completed', createdBy: 'ann' }, true)).toBe(false);
    expect(waitsForSecondPerson(depositMachine, { status: 'pending', createdBy: 'ann' }, false)).toBe(false);
    expect(waitsForSecondPerson(depositMachine, { status: 'pending', createdBy: null }, true)).toBe(false);
    // Withdrawals have approvals, not four eyes.
    expect(waitsForSecondPerson(withdrawalMachine, { status: 'pending', createdBy: 'ann' }, true)).toBe(false);
    expect(allowedActions(depositMachine, 'pending', ['regular'])).toEqual(['cancel', 'complete', 'fail']);
  });
});

describe('withdrawal approvals over 24 hours', () => {
  const w = (id: string, amount: number, status: string, at: string, userId = 'lead'): WithdrawalFacts => ({
    id,
    userId,
    amount,
    status,
    dateCreation: at,
  });
  const third = w('c', 4_000, 'pending', '2026-03-02T12:00:00Z');
  const others = [
    w('a', 4_000, 'completed', '2026-03-01T13:00:00Z'),
    w('b', 4_000, 'pending', '2026-03-02T08:00:00Z'),
    w('old', 4_000, 'completed', '2026-03-01T11:59:59Z'),
    w('failed', 4_000, 'failed', '2026-03-02T09:00:00Z'),
    w('later', 4_000, 'pending', '2026-03-02T13:00:00Z'),
    w('other-lead', 4_000, 'pending', '2026-03-02T10:00:00Z', 'someone-else'),
  ];

  it("counts the lead's pending and completed withdrawals of the 24 hours up to this one, itself included", () => {
    expect(windowTotalCents(third, [third, ...others])).toBe(1_200_000);
    expect(approvalsNeeded(1_200_000, 10_000)).toBe(2);
    expect(approvalsNeeded(1_000_000, 10_000)).toBe(0);
    // 'a' counts itself and 'old', a minute over a day before 'c' but within the day before 'a'.
    expect(windowTotalCents(others[0], others)).toBe(800_000);
  });

  it('approve only by someone who did not enter it and has not approved; complete once it has what it needs', () => {
    expect(approvalState({ createdBy: 'ann', approvedBy: [] }, 2, 'ann')).toMatchObject({
      mayApprove: false,
      block: 'entered',
      mayComplete: false,
    });
    expect(approvalState({ createdBy: 'ann', approvedBy: ['bob'] }, 2, 'bob')).toMatchObject({
      mayApprove: false,
      block: 'approved',
      count: 1,
    });
    expect(approvalState({ createdBy: 'ann', approvedBy: ['bob'] }, 2, 'cat')).toMatchObject({ mayApprove: true, mayComplete: false });
    expect(approvalState({ createdBy: 'ann', approvedBy: ['bob', 'cat'] }, 2, 'ann')).toMatchObject({
      mayComplete: true,
      mayApprove: false,
    });
    expect(approvalState({ createdBy: 'ann', approvedBy: [] }, 0, 'bob')).toMatchObject({
      mayApprove: false,
      block: 'notNeeded',
      mayComplete: true,
    });
  });
});
