import { allows, isLeadOnly, type Audience, type Role } from '../roles.ts';

/**
 * Who may make a transition: an audience (`'nobody'` for transitions only the server makes: the
 * scheduler, a gateway callback), `'lead'` for the lead acting on its own record, or a list of roles.
 */
export type ActionAudience = Audience | 'lead' | readonly Role[];

export type MachineAction<State extends string> = {
  /** States the action may start from. */
  from: readonly State[];
  /** The state it ends in, or the states it may end in (the action's code picks one). */
  to: State | readonly State[];
  by: ActionAudience;
  /**
   * A credit a person created: never made by the one who entered it (four eyes, ./four-eyes.ts). `true`
   * reads that person from the record's `createdBy`; a field name reads it there (an order's close
   * waiting for a second person: `closeRequestedBy`).
   */
  fourEyes?: boolean | string;
};

export type Machine<State extends string = string, ActionName extends string = string> = {
  /** The entity name (`/api/v1/<entity>`). */
  entity: string;
  /** The column holding the state: `status` unless told (`verificationStatus` on a user). */
  field: string;
  states: readonly State[];
  initial: State;
  actions: Record<ActionName, MachineAction<State>>;
  /** Fields (money) a plain PATCH may change only while the record is still in its initial state. */
  frozenAfterInitial: readonly string[];
  /** Fields a plain PATCH never changes, in any state: money booked as the record is made, or written only by an action. */
  fixed: readonly string[];
};

export type StateOf<M> = M extends Machine<infer S, string> ? S : never;
export type ActionOf<M> = M extends Machine<string, infer A> ? A : never;

/** Declares one entity's lifecycle once; the server refuses any other transition and the client shows only these. */
export function defineMachine<const State extends string, const ActionName extends string>(definition: {
  entity: string;
  field?: string;
  states: readonly State[];
  initial: NoInfer<State>;
  actions: Record<ActionName, MachineAction<NoInfer<State>>>;
  frozenAfterInitial?: readonly string[];
  fixed?: readonly string[];
}): Machine<State, ActionName> {
  return { field: 'status', frozenAfterInitial: [], fixed: [], ...definition };
}

/** Whether someone with these roles is among the action's audience. */
export function mayMake(by: ActionAudience, roles: readonly string[]): boolean {
  if (by === 'nobody') return false;
  if (by === 'lead') return isLeadOnly(roles);
  if (typeof by === 'string') return allows(by, roles);
  return roles.some((role) => (by as readonly string[]).includes(role));
}

/** The states an action may end in. */
export const targetsOf = <S extends string>(action: MachineAction<S>): readonly S[] =>
  typeof action.to === 'string' ? [action.to as S] : (action.to as readonly S[]);

/** Whether the action may start from this status (whoever makes it). */
export function canTransition<S extends string, A extends string>(machine: Machine<S, A>, action: A, status: string): boolean {
  const declared = machine.actions[action];
  return !!declared && (declared.from as readonly string[]).includes(status);
}

/** Whether these roles may make the action on a record in this status. */
export function canAct<S extends string, A extends string>(
  machine: Machine<S, A>,
  action: A,
  status: string,
  roles: readonly string[],
): boolean {
  return canTransition(machine, action, status) && mayMake(machine.actions[action].by, roles);
}

/** The actions these roles may make on a record in this status, in declaration order (what a screen shows). */
export function allowedActions<S extends string, A extends string>(machine: Machine<S, A>, status: string, roles: readonly string[]): A[] {
  return (Object.keys(machine.actions) as A[]).filter((action) => canAct(machine, action, status, roles));
}
