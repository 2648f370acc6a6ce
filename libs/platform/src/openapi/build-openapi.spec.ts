import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import {
  ENDPOINT_SCHEMAS,
  ENDPOINTS,
  SERVICE_HTTP_PREFIXES,
  SERVICE_NAMES,
  type EndpointName,
} from '@pulse/contracts';
import pino from 'pino';
import { createServiceApp } from '../nest/create-service-app';
import { buildServiceOpenApi, openApiPath } from './build-openapi';

describe('buildServiceOpenApi', () => {
  it('lists every endpoint in exactly the document of the service that answers it', () => {
    const documents = SERVICE_NAMES.map((service) => buildServiceOpenApi(service));
    for (const [name, spec] of Object.entries(ENDPOINTS)) {
      const holders = documents.filter(
        (document) =>
          document.paths[openApiPath(spec.path)]?.[spec.method.toLowerCase() as 'get']?.operationId === name,
      );
      expect({ name, services: holders.map((document) => document.tags[0].name) }).toEqual({
        name,
        services: [spec.service],
      });
    }
  });

  it('documents the WebSub callback: a plain-text challenge, and a push of feed bytes that may be refused', () => {
    const item = buildServiceOpenApi('ingestion').paths['/api/ingestion/websub/{id}'];
    expect(Object.keys(item.get!.responses['200'].content!)).toEqual(['text/plain']);
    expect(Object.keys(item.post!.requestBody!.content)).toContain('application/atom+xml');
    expect(Object.keys(item.post!.responses).sort()).toEqual([
      '204',
      '400',
      '403',
      '404',
      '413',
      '415',
      '429',
      '431',
    ]);
  });

  it('describes every path parameter, query parameter and body from the contracts', () => {
    for (const [name, spec] of Object.entries(ENDPOINTS)) {
      const operation = buildServiceOpenApi(spec.service).paths[openApiPath(spec.path)][
        spec.method.toLowerCase() as 'get'
      ]!;
      const pathParams = [...spec.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      expect(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(pathParams);
      const schemas = ENDPOINT_SCHEMAS[name as EndpointName];
      expect(operation.parameters.some((p) => p.in === 'query')).toBe(Boolean(schemas?.query));
      expect(Boolean(operation.requestBody)).toBe(Boolean(schemas?.body ?? schemas?.rawBody));
      // Every operation's schemas are concrete: no `$schema` leftovers, every parameter typed or enumerated.
      for (const parameter of operation.parameters) {
        expect(parameter.schema.$schema).toBeUndefined();
        expect(parameter.schema.type ?? parameter.schema.enum ?? parameter.schema.anyOf).toBeDefined();
      }
    }
  });

  it("states a route's own body limit where it is tighter than the service's 1 MiB", () => {
    const contact = buildServiceOpenApi('newsroom').paths['/api/newsroom/contact'].post!;
    expect(contact.responses['413'].description).toBe('Body larger than 16 KB.');
    const question = buildServiceOpenApi('community').paths['/api/community/questions'].post!;
    expect(question.responses['413'].description).toBe('Body larger than 1 MiB.');
  });

  it('keeps the limits of the zod schemas, e.g. the trimmed length of a question title', () => {
    const document = buildServiceOpenApi('community');
    const body =
      document.paths['/api/community/questions'].post!.requestBody!.content['application/json'].schema;
    expect(body).toMatchObject({
      properties: { title: { type: 'string', minLength: 10, maxLength: 300 } },
      required: ['title', 'content', 'category'],
    });
  });

  it("lists the admin guard's answers on every admin route", () => {
    for (const [name, spec] of Object.entries(ENDPOINTS)) {
      if (!spec.path.includes('/admin/')) continue;
      const operation = buildServiceOpenApi(spec.service).paths[openApiPath(spec.path)][
        spec.method.toLowerCase() as 'get'
      ]!;
      expect({ name, statuses: Object.keys(operation.responses) }).toEqual({
        name,
        statuses: expect.arrayContaining(['401', '403', '503']),
      });
    }
  });

  it('describes pages (form in, HTML out) and JSON answers with their schemas', () => {
    const document = buildServiceOpenApi('newsletter');
    const oneClick = document.paths['/newsletter/unsubscribe'].post!;
    expect(Object.keys(oneClick.requestBody!.content)).toEqual([
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    expect(oneClick.responses['200'].content).toEqual({ 'text/html': { schema: { type: 'string' } } });
    expect(oneClick.responses['400'].content).toHaveProperty('text/html');
    expect(document.paths['/api/subscribers'].post!.responses['202'].content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/SubscribeResponse' } },
    });
    expect(document.components.schemas.SubscribeResponse).toEqual({
      type: 'object',
      properties: { status: { type: 'string', const: 'pending-confirmation' } },
      required: ['status'],
    });
  });

  it('names a response schema for every operation that answers a body, and every $ref resolves', () => {
    for (const service of SERVICE_NAMES) {
      const document = buildServiceOpenApi(service);
      for (const [path, item] of Object.entries(document.paths))
        for (const [method, operation] of Object.entries(item)) {
          const [status, success] = Object.entries(operation!.responses).find(([code]) =>
            code.startsWith('2'),
          )!;
          const schemas = Object.values(success.content ?? {}).map((media) => media.schema);
          // A 204 has no body; every other success names its body's schema.
          expect({ path, method, described: schemas.length > 0 }).toEqual({
            path,
            method,
            described: status !== '204',
          });
        }
      const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)];
      expect(refs.length).toBeGreaterThan(0);
      for (const [, name] of refs)
        expect({ service, name, found: name in document.components.schemas }).toEqual({
          service,
          name,
          found: true,
        });
      expect(JSON.stringify(document)).not.toContain('$defs');
    }
  });

  it("writes the contracts' response schemas as JSON Schema, shared shapes once under components", () => {
    const content = buildServiceOpenApi('content');
    expect(
      content.paths['/api/content/news'].get!.responses['200'].content!['application/json'].schema,
    ).toEqual({ $ref: '#/components/schemas/OffsetPageResponse' });
    expect(content.components.schemas.OffsetPageResponse).toMatchObject({
      type: 'object',
      required: ['articles', 'pagination'],
      properties: {
        pagination: { type: 'object', required: ['hasMore'], properties: { hasMore: { type: 'boolean' } } },
      },
    });
    // Responses stay open: a field the schema does not name is no contract break.
    expect(JSON.stringify(content.components.schemas)).not.toContain('"additionalProperties":false');
    const community = buildServiceOpenApi('community');
    expect(
      community.paths['/api/community/auth/logout'].post!.responses['200'].content!['application/json']
        .schema,
    ).toEqual({ $ref: '#/components/schemas/CommunityDone' });
    expect(community.components.schemas.CommunityDone).toEqual({
      type: 'object',
      properties: { success: { type: 'boolean', const: true } },
      required: ['success'],
    });
    // A comment's replies are comments: the recursive shape refers to itself.
    expect(community.components.schemas.ArticleComment).toMatchObject({
      properties: { replies: { type: 'array', items: { $ref: '#/components/schemas/ArticleComment' } } },
    });
  });

  it('marks chosen paths', () => {
    const document = buildServiceOpenApi('content');
    expect(document.paths['/api/sidebar-data/full'].get!['x-origin']).toBe('chosen');
    expect(document.paths['/api/sidebar-data'].get!['x-origin']).toBe('docs/spec-content.md §7');
  });
});

@Controller()
class RisingRoute {
  @Get('/api/trending/rising') rising() {}
}
@Module({ controllers: [RisingRoute] })
class RisingModule {}

describe('a service app', () => {
  it('serves its own document at /openapi.json, with only the operations it registers', async () => {
    const app = await createServiceApp(
      {
        name: 'trending',
        module: RisingModule,
        uses: [],
        defaultPort: 0,
        httpPrefixes: SERVICE_HTTP_PREFIXES.trending,
      },
      {},
      pino({ level: 'silent' }),
    );
    try {
      const response = await app
        .getHttpAdapter()
        .getInstance()
        .inject({ method: 'GET', url: '/openapi.json' });
      expect(response.statusCode).toBe(200);
      const full = buildServiceOpenApi('trending');
      expect(Object.keys(full.paths).length).toBeGreaterThan(1);
      expect(response.json()).toEqual({
        ...full,
        paths: { '/api/trending/rising': full.paths['/api/trending/rising'] },
        // Every route it registers under its prefixes has a row (openapi.route.ts).
        'x-unlisted-routes': [],
      });
    } finally {
      await app.close();
    }
  });
});
