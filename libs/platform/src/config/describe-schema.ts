import type { z } from 'zod';

export interface ConfigVariable {
  name: string;
  description: string;
  defaultValue: string | undefined;
  required: boolean;
}

interface ZodDefLike {
  type: string;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  in?: z.ZodType;
  out?: z.ZodType;
}

const defOf = (schema: z.ZodType): ZodDefLike =>
  (schema as unknown as { _zod: { def: ZodDefLike } })._zod.def;

/**
 * The schema side of a pipe: `schema.transform(fn)` pipes the schema into the transform, `z.preprocess(fn,
 * schema)` the transform into the schema.
 */
const pipedSchema = (def: ZodDefLike): z.ZodType | undefined =>
  def.in && defOf(def.in).type === 'transform' ? def.out : def.in;

/** Walks default/optional/pipe wrappers so a description or default set at any layer is found. */
function unwrap(schema: z.ZodType): { description?: string; defaultValue?: unknown; optional: boolean } {
  let current: z.ZodType | undefined = schema;
  let description: string | undefined;
  let defaultValue: unknown;
  let optional = false;
  while (current) {
    description ??= current.description;
    const def = defOf(current);
    if (def.type === 'default' || def.type === 'prefault') defaultValue ??= def.defaultValue;
    if (def.type === 'optional') optional = true;
    current = def.innerType ?? pipedSchema(def);
  }
  return { description, defaultValue, optional };
}

/** Lists the variables of one port's schema: the README's configuration table is generated from this. */
export function describeConfigSchema(schema: z.ZodType): ConfigVariable[] {
  let objectSchema: z.ZodType = schema;
  while (!('shape' in objectSchema) && defOf(objectSchema).in)
    objectSchema = defOf(objectSchema).in as z.ZodType;
  const shape = (objectSchema as unknown as { shape: Record<string, z.ZodType> }).shape ?? {};
  return Object.entries(shape).map(([name, field]) => {
    const { description, defaultValue, optional } = unwrap(field);
    return {
      name,
      description: description ?? '',
      defaultValue: defaultValue === undefined ? undefined : String(defaultValue),
      required: !optional && defaultValue === undefined,
    };
  });
}
