import {
  ENDPOINT_ERROR_STATUSES,
  ENDPOINT_RESPONSE_SCHEMAS,
  ENDPOINT_SCHEMAS,
  ENDPOINT_SUCCESS_STATUS,
  ENDPOINTS,
  isAdminEndpoint,
  PATH_PARAMETER_SCHEMAS,
  type EndpointName,
  type EndpointSchemas,
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
import { requestJsonSchema, responseBodySchema, responseComponentSchemas } from './zod-json-schema';

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

const HTML = { 'text/html': { schema: { type: 'string' } } };

const errorResponse = (description: string, page = false): OpenApiResponse => ({
  description,
  content: page ? HTML : { 'application/json': { schema: ERROR_REF } },
});

/**
 * The success answer: the page for pages, the text for text, otherwise the body's zod schema from the
 * contracts (ENDPOINT_RESPONSE_SCHEMAS, declared beside the call's request schemas).
 */
function successResponse(name: EndpointName, schemas: EndpointSchemas): OpenApiResponse {
  if (schemas.page) return { description: 'The page (Korean, server-rendered).', content: HTML };
  if (schemas.text)
    return { description: 'Plain text.', content: { 'text/plain': { schema: { type: 'string' } } } };
  const schema = responseBodySchema(ENDPOINT_RESPONSE_SCHEMAS[name]);
  if (schema.format === 'binary')
    return { description: 'The image bytes.', content: { 'image/*': { schema } } };
  return {
    description: 'Success.',
    content: { 'application/json': { schema } },
  };
}

/** A page's form: urlencoded from its own button, or multipart from an RFC 8058 one-click client. */
function requestBody(
  schemas: EndpointSchemas,
  body: z.ZodType,
): NonNullable<OpenApiOperation['requestBody']> {
  const schema = requestJsonSchema(body);
  return {
    required: true,
    content: schemas.page
      ? { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } }
      : { 'application/json': { schema } },
  };
}

const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  401: 'No verified credential: the admin token, or a live community session.',
  403: 'The credential does not allow this (suspended identity, someone else’s post, or an admin route).',
  404: 'No such item.',
  409: 'Conflicts with the current state (a duplicate, or a change not allowed now).',
  410: 'Gone: the item was removed on purpose (deleted by its author, or hidden by a moderator).',
  503: 'Unavailable until configured: no ADMIN_TOKEN for an admin route, no LLM for a draft.',
};

/** Admin routes answer 401/403 before anything else; the rest come from ENDPOINT_ERROR_STATUSES. */
function errorStatuses(name: EndpointName, spec: EndpointSpec): Array<[number, string]> {
  const statuses = new Set<number>(
    ENDPOINT_ERROR_STATUSES[name as keyof typeof ENDPOINT_ERROR_STATUSES] ?? [],
  );
  if (isAdminEndpoint(spec)) [401, 403, 503].forEach((status) => statuses.add(status));
  return [...statuses]
    .sort((a, b) => a - b)
    .map((status) => [status, ERROR_DESCRIPTIONS[status] ?? 'Error.']);
}

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
  const schemas: EndpointSchemas = ENDPOINT_SCHEMAS[name as EndpointName] ?? {};
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

  const page = Boolean(schemas.page);
  const status =
    schemas.status ?? ENDPOINT_SUCCESS_STATUS[name as keyof typeof ENDPOINT_SUCCESS_STATUS] ?? 200;
  const responses: Record<string, OpenApiResponse> = {
    [String(status)]:
      status === 204 ? { description: 'Done; no body.' } : successResponse(name as EndpointName, schemas),
  };
  if (name === 'articleImage' || name === 'articleImageCurrent')
    responses['304'] = { description: 'Not modified: If-None-Match named the current version.' };
  if (parameters.length > 0 || schemas.body)
    responses['400'] = errorResponse('Invalid input; the message names the field.', page);
  for (const [status, description] of errorStatuses(name as EndpointName, spec))
    responses[String(status)] = errorResponse(description, page);
  if (pathNames.length > 0) responses['404'] = errorResponse('No such item.', page);
  if (schemas.body) responses['413'] = errorResponse('Body larger than 1 MiB.', page);
  responses['429'] = errorResponse('Rate limited; Retry-After says when to try again.');
  // Node's HTTP parser refuses a request line and headers over 16 KiB together, a long query string
  // included, before any handler runs; it cannot tell the URL from the headers, so this is 431, not 414.
  responses['431'] = errorResponse('Request line and headers larger than 16 KiB.');
  for (const [status, description] of Object.entries(schemas.errors ?? {}))
    responses[status] = errorResponse(description, page);

  if (schemas.rawBody) responses['413'] = errorResponse('Body larger than 1 MiB.');
  const rawBody = schemas.rawBody && {
    required: true,
    content: Object.fromEntries(schemas.rawBody.map((type) => [type, { schema: { type: 'string' } }])),
  };

  return {
    operationId: name,
    tags: [spec.service],
    parameters,
    ...(schemas.body ? { requestBody: requestBody(schemas, schemas.body) } : {}),
    ...(rawBody ? { requestBody: rawBody } : {}),
    responses,
    'x-origin': spec.origin,
    'x-service': spec.service,
    ...(isAdminEndpoint(spec) ? { 'x-access': 'admin' as const } : {}),
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
    components: { schemas: { ErrorBody: ERROR_BODY_SCHEMA, ...responseComponentSchemas() } },
  };
  for (const [name, spec] of Object.entries(ENDPOINTS) as Array<[string, EndpointSpec]>) {
    if (spec.service !== service || !served(spec)) continue;
    const item = (document.paths[openApiPath(spec.path)] ??= {});
    item[spec.method.toLowerCase() as 'get'] = operationOf(name, spec);
  }
  return document;
}
