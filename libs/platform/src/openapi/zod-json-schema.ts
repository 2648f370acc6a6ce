import { z } from 'zod';
import type { JsonSchema } from './openapi.types';

/**
 * A request schema as JSON Schema (2020-12, which OpenAPI 3.1 uses). `io: 'input'` describes what a
 * client sends: query integers before coercion, fields with defaults as optional. Parts JSON Schema
 * cannot express (a transform) become `{}` rather than failing the document.
 */
export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * Response objects stay open in the documents: a field the schema does not name is not a contract break
 * (the generated fuzzing checks every answer against them), a missing or mistyped one is.
 */
const openObjects = ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
  if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
};

const RESPONSE_OPTIONS = { io: 'output', unrepresentable: 'any', override: openObjects } as const;

let components: Record<string, JsonSchema> | undefined;

/**
 * The named response shapes as #/components/schemas, by name: every schema the contracts register with an
 * id (`.meta({ id: 'Article' })`), which the answers that hold them refer to by `$ref` (a recursive shape,
 * such as a comment's replies, can only be written so).
 */
export function responseComponentSchemas(): Record<string, JsonSchema> {
  if (components) return components;
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    ...RESPONSE_OPTIONS,
    uri: (id) => `${COMPONENT_PREFIX}${id}`,
  });
  components = Object.fromEntries(
    Object.entries(schemas)
      .map(([id, schema]): [string, JsonSchema] => {
        const { $schema: _dialect, $id: _uri, ...rest } = schema as JsonSchema;
        return [id, rest];
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return components;
}

/** `$ref`s into the schema's own `$defs` point to the same shapes under #/components/schemas. */
function toComponentRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toComponentRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
        ? [key, `${COMPONENT_PREFIX}${value.slice('#/$defs/'.length)}`]
        : [key, toComponentRefs(value)],
    ),
  );
}

/**
 * An endpoint's success body as JSON Schema (what the service sends), naming the registered shapes by
 * `$ref` into #/components/schemas (responseComponentSchemas) instead of repeating them.
 */
export function responseBodySchema(schema: z.ZodType): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: `${COMPONENT_PREFIX}${id}` };
  const { $schema: _dialect, $defs: _components, ...body } = z.toJSONSchema(schema, RESPONSE_OPTIONS);
  return toComponentRefs(body) as JsonSchema;
}
