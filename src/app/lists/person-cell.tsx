import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { EntityRecord, EntityStore } from '../data/entity-store.ts';
import { entityStore } from '../data/stores.ts';

/** A person as rows and dialogs name them: the name, and the email that tells namesakes apart. */
export type Person = { id: string; name: string; email: string };

const people = new Map<string, Promise<Person | null>>();
let watching: EntityStore | null = null;

export const personOf = (row: Partial<EntityRecord> & { id: string }): Person => ({
  id: row.id,
  name: [row.firstName, row.lastName].filter(Boolean).join(' ') || String(row.email ?? ''),
  email: String(row.email ?? ''),
});

/**
 * One person by id, from the user store: the offline mirror (every lead in scope, however many, so it
 * answers offline too) or the API. Only the people of the rows on screen are read, never a preloaded
 * list with a cap (CHECKLIST item 2); each is read once until the store says users changed.
 */
export function findPerson(id: string): Promise<Person | null> {
  const store = entityStore('user') as EntityStore;
  if (watching !== store) {
    // A new store (sign-in, impersonation): what the last one knew is not this one's.
    people.clear();
    watching = store;
    store.watch?.(() => people.clear());
  }
  let found = people.get(id);
  if (!found) {
    found = store.get(id).then(
      (row) => personOf(row),
      () => null,
    );
    people.set(id, found);
  }
  return found;
}

/** The person `id` once read (undefined meanwhile, null when unknown to this reader). */
export function usePerson(id: unknown): Person | null | undefined {
  const [person, setPerson] = useState<{ id: unknown; value: Person | null } | undefined>();
  useEffect(() => {
    if (typeof id !== 'string' || !id) return;
    let live = true;
    void findPerson(id).then((value) => live && setPerson({ id, value }));
    return () => {
      live = false;
    };
  }, [id]);
  if (typeof id !== 'string' || !id) return null;
  return person?.id === id ? person.value : undefined;
}

/** A person named in a sentence ("Ada Lovelace (ada@example.com)"), or '…' while it loads: what a confirmation names. */
export function usePersonLabel(id: unknown): string {
  const person = usePerson(id);
  if (!person) return '…';
  return person.email && person.email !== person.name ? `${person.name} (${person.email})` : person.name;
}

/** A person in a cell: the name, the email under it. */
export function PersonCell({ id }: { id: unknown }) {
  const person = usePerson(id);
  if (person === undefined) return <span aria-busy="true">…</span>;
  if (person === null) return <span>—</span>;
  return (
    <span data-testid="person" className={css({ display: 'inline-flex', flexDir: 'column', minW: 0 })}>
      <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis' })}>{person.name}</span>
      {person.email && person.email !== person.name ? (
        <span className={css({ fontSize: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis' })}>{person.email}</span>
      ) : null}
    </span>
  );
}
