import type { Machine, MachineAction } from './define-machine.ts';

/**
 * Four eyes on money that staff create (DESIGN.md §6): while the company setting is on, whoever
 * entered a record never makes an action declared `fourEyes` on it (completing a credit), whatever
 * their role, root included. The server refuses with it (422 SECOND_PERSON_REQUIRED) and the screens
 * read the same rule to leave the button out and say "waiting for a second person".
 */

/** The person behind a request: the admin when they act as someone else (DESIGN.md §5). */
export const realPersonOf = (actor: { id: string; impersonatorId?: string | null }): string => actor.impersonatorId ?? actor.id;

/** The record's field naming the first person of a four-eyes action: `createdBy` unless the action names another. */
export const firstPersonField = (action: Pick<MachineAction<string>, 'fourEyes'>): string =>
  typeof action.fourEyes === 'string' ? action.fourEyes : 'createdBy';

/** Whether this person is kept from making this action on this record (the person in its first-person field). */
export function needsSecondPerson(
  action: Pick<MachineAction<string>, 'fourEyes'>,
  record: Record<string, unknown>,
  person: string | null | undefined,
  fourEyes: boolean,
): boolean {
  if (!action.fourEyes || !fourEyes) return false;
  const first = record[firstPersonField(action)];
  return typeof first === 'string' && first === person;
}

/**
 * Whether a record waits for a second person: four eyes is on, and a four-eyes action starts from its
 * status with its first person recorded (a staff-entered deposit still pending, an order's close
 * requested by one staff member). Screens say so.
 */
export function waitsForSecondPerson(machine: Machine, record: Record<string, unknown>, fourEyes: boolean): boolean {
  if (!fourEyes) return false;
  const status = String(record[machine.field] ?? '');
  return Object.values(machine.actions).some(
    (action) =>
      action.fourEyes && (action.from as readonly string[]).includes(status) && typeof record[firstPersonField(action)] === 'string',
  );
}
