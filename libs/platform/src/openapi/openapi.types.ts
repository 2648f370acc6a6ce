/** The parts of OpenAPI 3.1 the services publish and the gateway merges. */

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  tags: string[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
  /** Where the path comes from: a seed's §7 table, or 'chosen' where the seed says 'not shown' (docs/design.md §7). */
  'x-origin': string;
  /** The service that answers it. */
  'x-service': string;
  /** Present when only the admin credential may call it. */
  'x-access'?: 'admin';
}

export type OpenApiPathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, OpenApiPathItem>;
  components: { schemas: Record<string, JsonSchema> };
  [extension: `x-${string}`]: unknown;
}
