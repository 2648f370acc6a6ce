import 'reflect-metadata';
import { Controller, Get, Module, NotFoundException, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { z } from 'zod';
import type { HealthResult } from '../lifecycle';
import { currentTraceparent, startTelemetry, stopTelemetry } from '../observability';
import type { CacheStore } from '../cache';
import { StoreUnavailableError } from '../store';
import { createServiceApp } from './create-service-app';
import { drainState } from './draining';

@Controller('probe')
class ProbeController {
  @Get('trace')
  trace() {
    return { traceparent: currentTraceparent() };
  }
  @Get('crash')
  crash(): never {
    throw new Error('database password is hunter2');
  }
  @Get('invalid')
  invalid() {
    return z.object({ limit: z.coerce.number().max(50) }).parse({ limit: '500' });
  }
  @Get('missing')
  missing(): never {
    throw new NotFoundException('기사를 찾을 수 없습니다');
  }
  @Get('store-down')
  storeDown(): never {
    throw new Error('could not list articles', {
      cause: new StoreUnavailableError('MongoDB is unreachable (connect ECONNREFUSED 10.0.0.7:27017)'),
    });
  }
  @Post('echo')
  echo() {
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

/** A stand-in adapter whose health the test controls. */
function switchableCache(): CacheStore & { health: HealthResult } {
  const adapter = {
    adapterName: 'memory',
    health: { ok: true } as HealthResult,
    check: async () => adapter.health,
    close: async () => {},
  };
  return adapter as unknown as CacheStore & { health: HealthResult };
}

const ADMIN_TOKEN = 'probe-admin-token-0123456789';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('a service app built by createServiceApp', () => {
  let app: NestFastifyApplication;
  let base: string;
  const cache = switchableCache();

  beforeAll(async () => {
    startTelemetry({ serviceName: 'probe' });
    const definition = {
      name: 'probe',
      module: ProbeModule,
      uses: ['cache'] as const,
      defaultPort: 0,
      httpPrefixes: [],
    };
    app = await createServiceApp(
      definition,
      { cache },
      pino({ level: 'silent' }),
      {},
      { adminToken: ADMIN_TOKEN },
    );
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
    await stopTelemetry();
  });

  it('answers /healthz and reports adapter health on /readyz (degraded, with the reason, when the cache fails)', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', service: 'probe' });
    const ready = await fetch(`${base}/readyz`, { headers: admin });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      checks: { cache: { ok: true, adapter: 'memory' } },
    });

    // Once ready, a cache outage leaves the process serving (read-through misses): degraded, still 200.
    cache.health = { ok: false, reason: 'connection refused' };
    const degraded = await fetch(`${base}/readyz`, { headers: admin });
    expect(degraded.status).toBe(200);
    expect(await degraded.json()).toMatchObject({
      status: 'degraded',
      checks: { cache: { ok: false, reason: 'connection refused' } },
    });
    // Anyone else: serving or not, and not a word of why.
    const anonymous = await fetch(`${base}/readyz`);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ status: 'ready' });
    cache.health = { ok: true };
    expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ status: 'ready' });
  });

  it('answers /readyz 503 while draining after SIGTERM, and still serves requests', async () => {
    drainState.draining = true;
    try {
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not ready' });
      expect(await (await fetch(`${base}/readyz`, { headers: admin })).json()).toMatchObject({
        status: 'shutting down',
      });
      expect((await fetch(`${base}/probe/trace`)).status).toBe(200);
    } finally {
      drainState.draining = false;
    }
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('continues the caller trace: the incoming traceparent is the parent of the work it does', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await fetch(`${base}/probe/trace`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    const { traceparent } = (await response.json()) as { traceparent?: string };
    expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });

  it('with no collector, keeps an unsampled caller trace and gives a reader without one fresh ids', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const unsampled = await fetch(`${base}/probe/trace`, {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-00` },
    });
    const kept = ((await unsampled.json()) as { traceparent?: string }).traceparent;
    expect(kept).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`));
    expect(kept).not.toContain('b7ad6b7169203331');

    const fresh = async () =>
      ((await (await fetch(`${base}/probe/trace`)).json()) as { traceparent?: string }).traceparent;
    const [one, two] = [await fresh(), await fresh()];
    expect(one).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    expect(one).not.toMatch(/^00-0{32}-/);
    expect(two?.split('-')[1]).not.toBe(one?.split('-')[1]);
    expect(two?.split('-')[2]).not.toBe(one?.split('-')[2]);
  });

  it('shapes errors as { statusCode, error, message } and never leaks an internal message', async () => {
    const crash = await fetch(`${base}/probe/crash`);
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal server error',
    });

    const invalid = await fetch(`${base}/probe/invalid`);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(/^limit: /),
    });

    const missing = await fetch(`${base}/probe/missing`);
    expect(await missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: '기사를 찾을 수 없습니다',
    });

    // The store down is "try again shortly", not a server bug: 503 with Retry-After, no address leaked.
    const storeDown = await fetch(`${base}/probe/store-down`);
    expect(storeDown.status).toBe(503);
    expect(storeDown.headers.get('retry-after')).toBe('5');
    expect(await storeDown.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Service temporarily unavailable: a dependency cannot be reached',
    });
  });

  it('rejects a body over 1 MiB with 413 and malformed JSON with 400', async () => {
    const big = await fetch(`${base}/probe/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });

    const malformed = await fetch(`${base}/probe/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(malformed.status).toBe(400);
  });
});
