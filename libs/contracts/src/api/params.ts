import { z } from 'zod';

/**
 * Building blocks for request validation. Every message names the field and, for enumerations, the
 * allowed values, because docs/design.md §7 says a 400 must name the field and the gateway passes the message
 * straight to the client.
 */

/** A non-empty readonly tuple of string literals, the shape z.enum wants. */
export type Values = readonly [string, ...string[]];

/** One of a fixed list of values, e.g. `sort must be one of: latest, popular, views, oldest`. */
export const oneOf = <const T extends Values>(field: string, values: T) =>
  z.enum(values, { error: () => `${field} must be one of: ${values.join(', ')}` });

/**
 * Query strings carry numbers as text; only plain integers are converted, so '12abc' or '' fail, and only
 * in their one spelling: '012' and '12' would be two entries of every cache keyed on the text, so a script
 * padding zeros would read past it.
 */
const integerFromText = (value: unknown): unknown =>
  typeof value === 'string' && /^-?(0|[1-9]\d{0,14})$/.test(value) ? Number(value) : value;

/** An integer query parameter (text or number) within bounds. */
export const intParam = (field: string, bounds: { min: number; max?: number }) => {
  const message =
    bounds.max === undefined
      ? `${field} must be an integer ≥ ${bounds.min}`
      : `${field} must be an integer from ${bounds.min} to ${bounds.max}`;
  let schema = z
    .number({ error: () => message })
    .int({ error: message })
    .min(bounds.min, { error: message });
  if (bounds.max !== undefined) schema = schema.max(bounds.max, { error: message });
  return z.preprocess(integerFromText, schema);
};

/** A boolean query parameter: only the texts 'true' and 'false' (or a real boolean) are accepted. */
export const boolParam = (field: string) =>
  z
    .preprocess(
      (value) => (typeof value === 'boolean' ? String(value) : value),
      z.enum(['true', 'false'], { error: () => `${field} must be one of: true, false` }),
    )
    .transform((value) => value === 'true');

/** Trimmed text of bounded length: the seeds count lengths after trimming (docs/spec-community.md §5). */
export const textField = (field: string, bounds: { min: number; max: number }) => {
  const message = `${field} must be ${bounds.min} to ${bounds.max} characters after trimming`;
  return z
    .string({ error: () => `${field} is required and must be text` })
    .trim()
    .min(bounds.min, { error: message })
    .max(bounds.max, { error: message });
};

/** Optional free-text filter: trimmed, and an empty value counts as absent (a cleared search box). */
export const optionalTextParam = (field: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: () => `${field} must be text` })
      .trim()
      .max(max, { error: `${field} must be at most ${max} characters` })
      .optional(),
  );

/** Unknown keys are rejected with their names, so a typo ('sotr=latest') is a 400, not a silent default. */
export const strictParams = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `unknown parameter(s): ${issue.keys.join(', ')}` : undefined,
  });

/** Ids in paths: opaque, URL-safe, bounded, so a hostile value never reaches a store filter. */
export const idParamSchema = z
  .string({ error: () => 'id is required' })
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'id must be 1 to 100 characters of letters, digits, _ or -' });

/** Slugs in paths (tech analyses, categories, tags) may be Korean, so any letter or digit is allowed. */
export const slugParamSchema = z
  .string({ error: () => 'slug is required' })
  .regex(/^[\p{L}\p{N}_-]{1,200}$/u, { error: 'slug must be 1 to 200 letters, digits, _ or -' });

/**
 * Parses a path parameter so that a ZodError's path names it (the 400 then reads 'id: id must be…'
 * rather than 'body: …'): parsePathParam('id', idParamSchema, request.params.id).
 */
export const parsePathParam = <T extends z.ZodType>(name: string, schema: T, value: unknown): z.output<T> =>
  wrapperOf(name, schema).parse({ [name]: value })[name] as z.output<T>;

/**
 * The `{ [name]: schema }` object parsePathParam parses with, built once per schema and name: zod compiles
 * an object schema on its first parse, which on every request cost a tenth of an article read (docs/benchmarks.md 'Reads beside bare Node').
 */
const wrappers = new WeakMap<z.ZodType, Map<string, z.ZodObject>>();
function wrapperOf(name: string, schema: z.ZodType): z.ZodObject {
  let byName = wrappers.get(schema);
  if (!byName) wrappers.set(schema, (byName = new Map()));
  let wrapper = byName.get(name);
  if (!wrapper) byName.set(name, (wrapper = z.object({ [name]: schema })));
  return wrapper;
}
