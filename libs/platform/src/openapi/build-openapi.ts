import {
  ENDPOINT_SCHEMAS,
  ENDPOINTS,
  PATH_PARAMETER_SCHEMAS,
  type EndpointName,
  type EndpointSpec,
} from '@pulse/contracts';
import type { z } from 'zod';
import type {
  JsonSchema,
  OpenApiDocument,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiResponse,
} from './openapi.types';
import { requestJsonSchema } from './zod-json-schema';

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };

/** docs/design.md §7: every error is this body. */
export const ERROR_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string', examples: ['Bad Request'] },
    message: { type: 'string', description: 'For a 400, names the field.' },
  },
};

const errorResponse = (description: string): OpenApiResponse => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

/** '/api/articles/:id' → '/api/articles/{id}' (OpenAPI's template syntax). */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

function queryParameters(schema: z.ZodType): OpenApiParameter[] {
  const json = requestJsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function operationOf(name: string, spec: EndpointSpec): OpenApiOperation {
  const schemas = ENDPOINT_SCHEMAS[name as EndpointName] ?? {};
  const pathNames = [...spec.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
  const parameters: OpenApiParameter[] = pathNames.map((param) => {
    const schema = schemas.params?.[param] ?? PATH_PARAMETER_SCHEMAS[param];
    return {
      name: param,
      in: 'path',
      required: true,
      schema: schema ? requestJsonSchema(schema) : { type: 'string' },
    };
  });
  if (schemas.query) parameters.push(...queryParameters(schemas.query));

  const responses: Record<string, OpenApiResponse> = {
    '2XX': {
      description: 'Success: the response shape is the TypeScript type beside the call in libs/contracts.',
    },
  };
  if (parameters.length > 0 || schemas.body)
    responses['400'] = errorResponse('Invalid input; the message names the field.');
  if (pathNames.length > 0) responses['404'] = errorResponse('No such item.');
  if (schemas.body) responses['413'] = errorResponse('Body larger than 1 MiB.');
  responses['429'] = errorResponse('Rate limited by the gateway; Retry-After says when to try again.');

  return {
    operationId: name,
    tags: [spec.service],
    parameters,
    ...(schemas.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: requestJsonSchema(schemas.body) } },
          },
        }
      : {}),
    responses,
    'x-origin': spec.origin,
    'x-service': spec.service,
  };
}

/**
 * One service's OpenAPI 3.1 document, built from the shared endpoint table (libs/contracts ENDPOINTS)
 * and the zod schemas its requests are validated with, so it never drifts from the code. `served` keeps
 * only the operations the running service really registers: a row of the table that no handler answers
 * yet is not documented (what is documented is what is served).
 */
export function buildServiceOpenApi(
  service: string,
  served: (spec: EndpointSpec) => boolean = () => true,
): OpenApiDocument {
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: `Pulse ${service} API`, version: '1' },
    tags: [{ name: service }],
    paths: {},
    components: { schemas: { ErrorBody: ERROR_BODY_SCHEMA } },
  };
  for (const [name, spec] of Object.entries(ENDPOINTS) as Array<[string, EndpointSpec]>) {
    if (spec.service !== service || !served(spec)) continue;
    const item = (document.paths[openApiPath(spec.path)] ??= {});
    item[spec.method.toLowerCase() as 'get'] = operationOf(name, spec);
  }
  return document;
}
