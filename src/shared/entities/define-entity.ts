import { z } from 'zod';
import { wireShape } from '../wire.ts';

/** Fields every record has (DESIGN.md §4). */
export const COMMON_FIELDS = ['id', 'version', 'dateCreation', 'dateLastUpdate'] as const;

/** A moment on the wire: an ISO 8601 string (the server hands its Date objects to JSON.stringify). */
export const timestamp = () => z.union([z.date(), z.iso.datetime({ offset: true })]);

const commonShape = { id: z.uuid(), version: z.number().int(), dateCreation: timestamp(), dateLastUpdate: timestamp() };

/** The JSON form of a value: what a client receives for a server-side `T`. */
export type Wire<T> = T extends Date ? string : T extends (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

/** A record's fields from its create input: optional-and-nullable fields read as null, optional ones get the server's default. */
type FromCreate<T, Nullable extends PropertyKey> = {
  [K in keyof T]-?: K extends Nullable
    ? Exclude<T[K], undefined> | null
    : null extends T[K]
      ? Exclude<T[K], undefined>
      : Exclude<T[K], undefined>;
};
type Common = { id: string; version: number; dateCreation: string; dateLastUpdate: string };

export type RecordOf<Create extends z.ZodType, WriteOnly extends string, Nullable extends string, ReadOnly extends z.ZodRawShape> = Wire<
  Common & Omit<FromCreate<z.output<Create>, Nullable>, WriteOnly | keyof ReadOnly> & z.output<z.ZodObject<ReadOnly>>
>;

export type EntityDefinition<
  Name extends string = string,
  Plural extends string = string,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Rec = Record<string, unknown>,
> = {
  /** Path segment: `/api/v1/<name>`. */
  name: Name;
  /** Key of the array in list responses. */
  plural: Plural;
  create: Create;
  update: Update;
  /** A record as the API answers it (generated from `create`; see `defineEntity`). */
  record: z.ZodType<Rec, unknown>;
  filterable: readonly string[];
  sortable: readonly string[];
  searchable: readonly string[];
  /** Searchable fields holding phone numbers: a phone query matches their digits (src/shared/search.ts). */
  phoneFields?: readonly string[];
};

type EntityInput<Name, Plural, Create, Update, WriteOnly extends string, Nullable extends string, ReadOnly extends z.ZodRawShape> = {
  name: Name;
  plural: Plural;
  create: Create;
  update: Update;
  filterable: readonly string[];
  sortable: readonly string[];
  searchable: readonly string[];
  /** Searchable fields holding phone numbers: a phone query matches their digits (src/shared/search.ts). */
  phoneFields?: readonly string[];
  /** Create fields a record never shows (a password, a card number). */
  writeOnly?: readonly WriteOnly[];
  /** Create fields required on input that older or server-made records may lack. */
  nullable?: readonly Nullable[];
  /** Fields the server sets (an author, a card's last 4 digits) or answers in another form than it takes. */
  readOnly?: ReadOnly;
};

/**
 * Declares an entity's shared contract; common fields are always filterable and sortable. Its record
 * schema is generated: the common fields, the create fields in their plain wire form (no input
 * limits: an answer is not re-validated against the rules of a form), less `writeOnly`, plus `readOnly`.
 * Loose: a column added to the table still reaches clients (tests/api/contracts.test.ts names it).
 */
export function defineEntity<
  const Name extends string,
  const Plural extends string,
  Create extends z.ZodObject,
  Update extends z.ZodType,
  const WriteOnly extends string = never,
  const Nullable extends string = never,
  ReadOnly extends z.ZodRawShape = Record<never, never>,
>(
  definition: EntityInput<Name, Plural, Create, Update, WriteOnly, Nullable, ReadOnly>,
): EntityDefinition<Name, Plural, Create, Update, RecordOf<Create, WriteOnly, Nullable, ReadOnly>> {
  const { writeOnly = [], nullable = [], readOnly = {}, ...rest } = definition;
  const fields = wireShape(definition.create.shape, writeOnly, nullable);
  const record = z.looseObject({ ...commonShape, ...fields, ...readOnly }).meta({ id: `${pascal(definition.name)}Record` });
  return {
    ...rest,
    record: record as unknown as z.ZodType<RecordOf<Create, WriteOnly, Nullable, ReadOnly>, unknown>,
    filterable: [...COMMON_FIELDS, ...definition.filterable],
    sortable: [...COMMON_FIELDS, ...definition.sortable],
  };
}

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
