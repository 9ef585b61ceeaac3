import { isStaff } from '../../shared/roles.ts';
import type { Reader, Restriction } from './define-resource.ts';

/** Whether a field's value names nobody but `reader` (nobody at all: null, or no approvers yet). */
const namesOnly = (value: unknown, reader: Reader) =>
  value === null || value === undefined || value === reader.id || (Array.isArray(value) && value.every((id) => id === reader.id));

/** Whether `reader` may be told who `value` names (an id, or a list of them): the rule below, for one value. */
export const mayReadPeople = (reader: Reader, value: unknown) =>
  isStaff(reader.roles) || Boolean(reader.impersonatorId) || namesOnly(value, reader);

/**
 * Fields naming people by id (who entered, approved, decided, released or closed a record; the lead
 * holding a product), CHECKLIST.md 16: staff read them, and so does a staff member signed in as a lead
 * (who must see their own part, or the screen would offer what the server refuses); a lead reads one
 * only where it names the lead itself or nobody (an order it opened, a deposit not decided yet), never
 * another person's id. docs/decisions/fields-readable-by-some.md
 */
export const personIds = (...fields: string[]): Restriction[] =>
  fields.map((field) => ({
    fields: [field],
    readableBy: (reader, row) => mayReadPeople(reader, row[field]),
  }));
