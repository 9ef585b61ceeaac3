import type { Machine, MachineAction } from './define-machine.ts';

/**
 * Four eyes on money that staff create (DESIGN.md §6): while the company setting is on, whoever
 * entered a record never makes an action declared `fourEyes` on it (completing a credit), whatever
 * their role, root included. The server refuses with it (422 SECOND_PERSON_REQUIRED) and the screens
 * read the same rule to leave the button out and say "waiting for a second person".
 */

/** The person behind a request: the admin when they act as someone else (DESIGN.md §5). */
export const realPersonOf = (actor: { id: string; impersonatorId?: string | null }): string => actor.impersonatorId ?? actor.id;

/** Whether this person is kept from making this action on a record that `createdBy` entered. */
export function needsSecondPerson(
  action: Pick<MachineAction<string>, 'fourEyes'>,
  createdBy: unknown,
  person: string | null | undefined,
  fourEyes: boolean,
): boolean {
  return Boolean(action.fourEyes && fourEyes && typeof createdBy === 'string' && createdBy === person);
}

/**
 * Whether a record waits for a second person: four eyes is on, someone entered it, and its status
 * is one a four-eyes action starts from (a staff-entered deposit still pending). Screens say so.
 */
export function waitsForSecondPerson(machine: Machine, record: Record<string, unknown>, fourEyes: boolean): boolean {
  if (!fourEyes || typeof record.createdBy !== 'string') return false;
  const status = String(record[machine.field] ?? '');
  return Object.values(machine.actions).some((action) => action.fourEyes && (action.from as readonly string[]).includes(status));
}
