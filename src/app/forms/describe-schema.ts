import { z } from 'zod';

export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'password'
  | 'textarea'
  | 'number'
  | 'money'
  | 'boolean'
  | 'select'
  | 'multiselect'
  | 'tags'
  | 'date'
  | 'group';

export type FieldDescriptor = {
  /** Dotted path, the same as the server's `details` keys (e.g. `description.en`). */
  name: string;
  kind: FieldKind;
  required: boolean;
  options?: string[];
  children?: FieldDescriptor[];
};

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string>;
  element?: z.ZodType;
  format?: string;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Strips optional/nullable/default wrappers; a pipe is described by its output (email → email). */
function unwrap(schema: z.ZodType): { core: z.ZodType; format?: string } {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out) {
      const outFormat = defOf(def.out).format;
      if (outFormat) return { core: def.in, format: outFormat };
      current = defOf(def.in).type === 'transform' ? def.out : def.in;
    } else return { core: current, format: def.format };
  }
}

const LONG_TEXT = 1000;

function describe(name: string, schema: z.ZodType): FieldDescriptor | null {
  const required = !schema.safeParse(undefined).success;
  const { core, format } = unwrap(schema);
  const def = defOf(core);
  const leaf = name.split('.').pop() ?? name;
  switch (def.type) {
    case 'string': {
      if (format === 'email') return { name, kind: 'email', required };
      if ((z.globalRegistry.get(core) as { input?: string } | undefined)?.input === 'tel') return { name, kind: 'tel', required };
      if (/password/i.test(leaf)) return { name, kind: 'password', required };
      const max = (core as unknown as { maxLength: number | null }).maxLength;
      return { name, kind: max !== null && max > LONG_TEXT ? 'textarea' : 'text', required };
    }
    case 'number':
      // An amount of money (`money()`, `input: 'money'`) is typed as text and read strictly (CHECKLIST 5).
      if ((z.globalRegistry.get(core) as { input?: string } | undefined)?.input === 'money') return { name, kind: 'money', required };
      return { name, kind: 'number', required };
    case 'boolean':
      return { name, kind: 'boolean', required };
    case 'date':
      return { name, kind: 'date', required };
    case 'enum':
      return { name, kind: 'select', required, options: Object.values(def.entries ?? {}) };
    case 'array': {
      const element = def.element ? unwrap(def.element).core : undefined;
      const elementDef = element ? defOf(element) : undefined;
      if (elementDef?.type === 'enum') return { name, kind: 'multiselect', required, options: Object.values(elementDef.entries ?? {}) };
      return { name, kind: 'tags', required };
    }
    case 'object': {
      const children = describeObject(core, `${name}.`);
      return { name, kind: 'group', required, children };
    }
    default:
      // Records, unions, files: a screen renders these itself.
      return null;
  }
}

function describeObject(schema: z.ZodType, prefix = ''): FieldDescriptor[] {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.entries(shape)
    .map(([key, field]) => describe(`${prefix}${key}`, field))
    .filter((field): field is FieldDescriptor => field !== null);
}

/** The form fields of an entity's shared zod schema (the form kit renders these). */
export function describeSchema(schema: z.ZodType): FieldDescriptor[] {
  return describeObject(unwrap(schema).core);
}
