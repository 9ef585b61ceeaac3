import { useSnapshot } from 'valtio';
import { allowedActions, type ActionOf, type Machine } from '../../shared/lifecycle/define-machine.ts';
import { needsSecondPerson } from '../../shared/lifecycle/four-eyes.ts';
import { auth } from '../state/auth.ts';
import { settings } from '../state/settings.ts';

/** Who is looking, as the action rules read it: roles, the real person (the admin while impersonating) and the four-eyes setting. */
export type ActionViewer = { roles: readonly string[]; person: string | null; fourEyes: boolean };

/** The signed-in viewer of an action (DESIGN.md §6); four eyes counts as on until the settings say otherwise. */
export function useActionViewer(): ActionViewer {
  const { user, impersonatorId } = useSnapshot(auth);
  const fourEyes = useSnapshot(settings).record?.fourEyes ?? true;
  return { roles: user?.roles ?? [], person: impersonatorId ?? user?.id ?? null, fourEyes };
}

/**
 * The actions a record offers this viewer: those its machine allows from the record's status for the
 * viewer's roles, less those four eyes keeps from the one who entered it (the server's rule, read from
 * the same declaration), less the ones made elsewhere.
 */
export function actionsFor<M extends Machine>(
  machine: M,
  record: Record<string, unknown> | null | undefined,
  viewer: ActionViewer,
  except: readonly ActionOf<M>[] = [],
): ActionOf<M>[] {
  if (!record) return [];
  return (allowedActions(machine, String(record[machine.field] ?? ''), viewer.roles) as ActionOf<M>[]).filter(
    (action) => !except.includes(action) && !needsSecondPerson(machine.actions[action], record, viewer.person, viewer.fourEyes),
  );
}

/**
 * The actions a list row offers (see `actionsFor`). The server refuses the rest anyway; this only
 * keeps buttons that would fail off the screen.
 */
export function useAllowedActions<M extends Machine>(
  machine: M,
  record: Record<string, unknown> | null | undefined,
  except: readonly ActionOf<M>[] = [],
): ActionOf<M>[] {
  return actionsFor(machine, record, useActionViewer(), except);
}
