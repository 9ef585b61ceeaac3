import type { OutboxEntry } from '../../offline/outbox-types.ts';

/** Fields a person did not type: never listed as "what was changed". */
const BOOKKEEPING = new Set(['id', 'version', 'dateCreation', 'dateLastUpdate', 'createdBy', 'updatedBy', '_pending']);
const isShown = (field: string) => !BOOKKEEPING.has(field) && !field.startsWith('_');

export type IssueRow = {
  field: string;
  /** My value (the change I made), or the value I created. */
  mine: unknown;
  /** For a conflict, the server's value now; `undefined` when there is nothing to compare with. */
  theirs?: unknown;
  /** For a conflict: the server's value differs from mine. */
  differs?: boolean;
};

export type IssueView = {
  seq: number;
  state: 'conflict' | 'dead';
  /** Records the entry touches (a batch touches many). */
  count: number;
  /** A name a person recognises: the record's name, else its person's name or email, else its id. */
  title: string;
  rows: IssueRow[];
  /** A delete of mine (nothing to compare field by field). */
  deletedMine: boolean;
  /** A conflict where the server no longer has the record. */
  goneTheirs: boolean;
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Best human name of a record, from whatever copies of it the entry carries. */
export function recordTitle(...records: (Record<string, unknown> | undefined)[]): string | null {
  for (const record of records) {
    if (!record) continue;
    for (const field of ['name', 'title', 'label', 'reference'])
      if (typeof record[field] === 'string' && record[field]) return record[field] as string;
    const person = [record.firstName, record.lastName].filter((part) => typeof part === 'string' && part).join(' ');
    if (person) return person;
    if (typeof record.email === 'string' && record.email) return record.email;
  }
  return null;
}

/**
 * What the sync issues screen shows for one conflict or dead letter: which record, what I changed,
 * and for a conflict the server's current value beside mine, field by field.
 */
export function issueView(entry: OutboxEntry): IssueView {
  const before = entry.before[0];
  const payload =
    entry.payload && typeof entry.payload === 'object' && !Array.isArray(entry.payload)
      ? (entry.payload as Record<string, unknown>)
      : undefined;
  const current = entry.current;
  const conflict = entry.state === 'conflict';
  let rows: IssueRow[] = [];
  if ((entry.kind === 'update' || entry.kind === 'create') && payload) {
    rows = Object.keys(payload)
      .filter(isShown)
      .map((field) => {
        const row: IssueRow = { field, mine: payload[field] };
        if (conflict && current) Object.assign(row, { theirs: current[field], differs: !sameValue(payload[field], current[field]) });
        return row;
      });
  }
  const count = entry.recordIds.length;
  const title = recordTitle(payload, current, before) ?? (count === 1 ? (entry.recordIds[0] ?? '') : '');
  return {
    seq: entry.seq!,
    state: conflict ? 'conflict' : 'dead',
    count,
    title,
    rows,
    deletedMine: entry.kind === 'delete' || entry.kind === 'deleteMany',
    goneTheirs: conflict && !current,
  };
}

/** A value as text in the comparison table: lists joined, objects as JSON, nothing as a dash. */
export function displayValue(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? yes : no;
  if (Array.isArray(value)) return value.length ? value.map((v) => displayValue(v, yes, no)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
