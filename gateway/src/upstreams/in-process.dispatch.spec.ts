import { Readable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { InProcessUpstream } from './in-process.upstream';
import type { ForwardRequest, ForwardResponse } from './upstream';

/** A service stand-in: fastify as a Nest app builds it (trustProxy), with the reads the gateway forwards. */
async function serviceApp(): Promise<{ fastify: FastifyInstance; finished: string[] }> {
  const finished: string[] = [];
  const fastify = Fastify({ trustProxy: true });
  fastify.addHook('onResponse', async (request, reply) => {
    finished.push(`${request.method} ${request.url} ${reply.statusCode}`);
  });
  fastify.get('/api/x/:id', async (request, reply) => {
    reply.header('x-seen', `${request.ip} ${request.hostname} ${request.headers['x-request-id']}`);
    return { id: (request.params as { id: string }).id, query: request.query };
  });
  fastify.get('/api/x/stream', async (_request, reply) =>
    reply.type('text/plain').send(Readable.from(['one ', 'two'])),
  );
  fastify.get('/api/x/fresh', async (_request, reply) => reply.code(304).send('never sent'));
  fastify.get('/api/x/broken', async () => {
    throw new Error('boom');
  });
  fastify.post('/api/x/echo', async (request) => ({ got: request.body }));
  await fastify.ready();
  return { fastify, finished };
}

const asNestApp = (fastify: FastifyInstance) =>
  ({ getHttpAdapter: () => ({ getInstance: () => fastify }) }) as unknown as NestFastifyApplication;

const text = (response: ForwardResponse) => (response.body as Buffer).toString();

describe('InProcessUpstream: reads handed to the service router, the rest injected', () => {
  let fastify: FastifyInstance;
  let finished: string[];
  let upstream: InProcessUpstream;

  beforeEach(async () => {
    ({ fastify, finished } = await serviceApp());
    upstream = new InProcessUpstream('x', ['/api/x'], asNestApp(fastify));
  });
  afterEach(() => fastify.close());

  /** The same request through fastify.inject, the mechanism the lean path replaces for reads. */
  async function injected(request: ForwardRequest) {
    const response = await fastify.inject({ method: request.method as 'GET', url: request.url, headers: {} });
    return { statusCode: response.statusCode, body: response.body, type: response.headers['content-type'] };
  }

  it('answers a GET with the status, headers and bytes fastify.inject gives, and runs onResponse', async () => {
    const request = {
      method: 'GET',
      url: '/api/x/a1?page=2',
      headers: { 'x-request-id': 'r-1', 'x-forwarded-for': '203.0.113.9', connection: 'keep-alive' },
    };
    const response = await upstream.forward(request);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(text(response))).toEqual({ id: 'a1', query: { page: '2' } });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(text(response).length));
    // The client's address as the gateway forwarded it, the host fastify.inject would claim, the request id.
    expect(response.headers['x-seen']).toBe('203.0.113.9 localhost r-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toEqual(['GET /api/x/a1?page=2 200']);
    const reference = await injected(request);
    expect([response.statusCode, text(response), response.headers['content-type']]).toEqual([
      reference.statusCode,
      reference.body,
      reference.type,
    ]);
  });

  it('gives a HEAD and a 304 their headers and no body, as a socket would', async () => {
    const head = await upstream.forward({ method: 'HEAD', url: '/api/x/a1', headers: {} });
    expect([head.statusCode, text(head), head.headers['content-type']]).toEqual([
      200,
      '',
      'application/json; charset=utf-8',
    ]);
    const fresh = await upstream.forward({ method: 'GET', url: '/api/x/fresh', headers: {} });
    expect([fresh.statusCode, text(fresh)]).toEqual([304, '']);
  });

  it('collects a streamed answer, and passes the error answer and the 404 as the service shapes them', async () => {
    const streamed = await upstream.forward({ method: 'GET', url: '/api/x/stream', headers: {} });
    expect([streamed.statusCode, text(streamed)]).toEqual([200, 'one two']);
    const broken = await upstream.forward({ method: 'GET', url: '/api/x/broken', headers: {} });
    expect(broken.statusCode).toBe(500);
    expect(text(broken)).toBe((await injected({ method: 'GET', url: '/api/x/broken', headers: {} })).body);
    const missing = await upstream.forward({ method: 'GET', url: '/api/nowhere', headers: {} });
    expect(missing.statusCode).toBe(404);
  });

  it('still injects a write, whose body fastify parses from a stream', async () => {
    const response = await upstream.forward({
      method: 'POST',
      url: '/api/x/echo',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"a":1}'),
    });
    expect([response.statusCode, JSON.parse(text(response))]).toEqual([200, { got: { a: 1 } }]);
  });
});
