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

/** A response schema as JSON Schema: `io: 'output'`, what the service sends (defaults filled in). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}
