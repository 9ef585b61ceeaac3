import { z } from 'zod';

/**
 * The plain form of an input schema, for answers: the same types and allowed values, without input
 * limits, trimming or transforms (an answer is encoded, and a transform only runs one way).
 */
export function wireOf(schema: z.core.$ZodType): z.ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'date':
      return z.union([z.date(), z.iso.datetime({ offset: true })]);
    case 'enum':
      return z.enum(Object.values(def.entries as Record<string, string>) as [string, ...string[]]);
    case 'literal':
      return z.literal(def.values as [z.core.util.Literal, ...z.core.util.Literal[]]);
    case 'array':
      return z.array(wireOf(def.element as z.core.$ZodType));
    case 'object':
      return z.object(
        Object.fromEntries(Object.entries((def.shape ?? {}) as z.core.$ZodShape).map(([key, field]) => [key, wireOf(field)])),
      );
    case 'record':
      return z.record(z.string(), wireOf(def.valueType as z.core.$ZodType));
    case 'union':
      return z.union((def.options as z.core.$ZodType[]).map(wireOf));
    case 'nullable':
      return wireOf(def.innerType as z.core.$ZodType).nullable();
    // Inside a JSON document an optional key may be absent; a column is always there (see `wireShape`).
    case 'optional':
    case 'default':
    case 'prefault':
      return wireOf(def.innerType as z.core.$ZodType).optional();
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return wireOf(def.innerType as z.core.$ZodType);
    case 'pipe': {
      // A coercion or transform feeds a typed schema: the answer has the type it ends as.
      const out = def.out as z.core.$ZodType;
      return out._zod.def.type === 'transform' ? wireOf(def.in as z.core.$ZodType) : wireOf(out);
    }
    default:
      return z.unknown();
  }
}

/** A record's columns in wire form, less `omit`: always present; `nullable` ones may also be null. */
export function wireShape(shape: z.core.$ZodShape, omit: readonly string[] = [], nullable: readonly string[] = []) {
  const out: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(shape)) {
    if (omit.includes(key)) continue;
    const wrapped = wireOf(field);
    const wire = wrapped instanceof z.ZodOptional ? (wrapped.unwrap() as z.ZodType) : wrapped;
    out[key] = nullable.includes(key) && !wire.safeParse(null).success ? wire.nullable() : wire;
  }
  return out;
}
