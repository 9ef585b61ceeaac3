import type { z } from 'zod';

/** Fields every record has (DESIGN.md §4). */
export const COMMON_FIELDS = ['id', 'version', 'dateCreation', 'dateLastUpdate'] as const;

export type EntityDefinition<
  Name extends string = string,
  Plural extends string = string,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
> = {
  /** Path segment: `/api/v1/<name>`. */
  name: Name;
  /** Key of the array in list responses. */
  plural: Plural;
  create: Create;
  update: Update;
  filterable: readonly string[];
  sortable: readonly string[];
  searchable: readonly string[];
  /** Searchable fields holding phone numbers: a phone query matches their digits (src/shared/search.ts). */
  phoneFields?: readonly string[];
};

/** Declares an entity's shared contract; common fields are always filterable and sortable. */
export function defineEntity<const Name extends string, const Plural extends string, Create extends z.ZodType, Update extends z.ZodType>(
  definition: EntityDefinition<Name, Plural, Create, Update>,
): EntityDefinition<Name, Plural, Create, Update> {
  return {
    ...definition,
    filterable: [...COMMON_FIELDS, ...definition.filterable],
    sortable: [...COMMON_FIELDS, ...definition.sortable],
  };
}
