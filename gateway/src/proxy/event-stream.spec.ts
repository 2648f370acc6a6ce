import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { HttpUpstream } from '../upstreams/http.upstream';
import { InProcessUpstream } from '../upstreams/in-process.upstream';
import type { Upstream } from '../upstreams/upstream';
import { registerProxy } from './proxy.plugin';
import { RouteTable } from './route-table';

/**
 * The community assistant streams its answer as server-sent events; the gateway must pass each event on
 * as it arrives, over HTTP and in-process alike (ARCHITECTURE.md, 'The gateway's edge').
 */
describe('gateway: server-sent events pass through unbuffered', () => {
  let service: FastifyInstance;
  let release: () => void;

  beforeAll(async () => {
    service = Fastify();
    service.post('/api/community/stream', async (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      reply.raw.write('event: delta\ndata: {"text":"첫 조각"}\n\n');
      await new Promise<void>((resolve) => (release = resolve));
      reply.raw.end('event: done\ndata: {}\n\n');
      return reply;
    });
    await service.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => service.close());

  async function throughGateway(upstream: Upstream) {
    const gateway = Fastify();
    gateway.decorateRequest('requestId', '');
    gateway.decorateRequest('clientIp', '');
    registerProxy(gateway, new RouteTable([upstream]), pino({ level: 'silent' }));
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = gateway.server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${address.port}/api/community/stream`, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      // The service has not finished: the first event arrived on its own.
      expect(first).toContain('첫 조각');
      release();
      let rest = '';
      for (let step = await reader.read(); !step.done; step = await reader.read())
        rest += new TextDecoder().decode(step.value);
      expect(rest).toContain('event: done');
    } finally {
      gateway.server.closeAllConnections();
      await gateway.close();
    }
  }

  it('over HTTP (separate processes)', async () => {
    const upstream = new HttpUpstream(
      'community',
      ['/api/community'],
      `http://127.0.0.1:${(service.server.address() as { port: number }).port}`,
      5_000,
    );
    await throughGateway(upstream);
    await upstream.close();
  });

  it('in process (embedded mode, request injection)', async () => {
    const app = {
      getHttpAdapter: () => ({ getInstance: () => service }),
    } as unknown as NestFastifyApplication;
    await throughGateway(new InProcessUpstream('community', ['/api/community'], app));
  });
});
