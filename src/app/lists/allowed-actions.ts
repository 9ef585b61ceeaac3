import { useSnapshot } from 'valtio';
import { allowedActions, type ActionOf, type Machine } from '../../shared/lifecycle/define-machine.ts';
import { auth } from '../state/auth.ts';

/**
 * The actions a list row offers: those its machine allows from the record's status for the signed-in
 * person's roles (DESIGN.md §6), minus the ones made elsewhere (the 3-D Secure wizard's own step).
 * The server refuses the rest anyway; this only keeps buttons that would fail off the screen.
 */
export function useAllowedActions<M extends Machine>(
  machine: M,
  record: Record<string, unknown> | null | undefined,
  except: readonly ActionOf<M>[] = [],
): ActionOf<M>[] {
  const roles = useSnapshot(auth).user?.roles ?? [];
  if (!record) return [];
  return allowedActions(machine, String(record[machine.field] ?? ''), roles).filter(
    (action) => !except.includes(action as ActionOf<M>),
  ) as ActionOf<M>[];
}
