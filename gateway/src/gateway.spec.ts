import 'reflect-metadata';
import { Body, Controller, Get, Headers, Module, Post, Query } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, startTelemetry, stopTelemetry } from '@pulse/platform';
import pino from 'pino';
import { createGatewayApp } from './create-gateway-app';
import { gatewayConfigSchema } from './gateway.config';
import { HttpUpstream } from './upstreams/http.upstream';
import { InProcessUpstream } from './upstreams/in-process.upstream';

@Controller('api/echo')
class EchoController {
  @Post()
  echo(@Body() body: unknown, @Headers() headers: Record<string, string>, @Query('q') q?: string) {
    return { body, q, requestId: headers['x-request-id'], traceparent: headers.traceparent };
  }
  @Get('teapot')
  teapot() {
    return { brewed: true };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

const logger = pino({ level: 'silent' });
const ADMIN_TOKEN = 'gateway-admin-token-0123456789';
const config = gatewayConfigSchema.parse({ FRONTENDS_DIR: '/nonexistent-frontends', ADMIN_TOKEN });

/** The gateway routes by prefix to in-process and HTTP upstreams alike and reports their readiness. */
describe('gateway', () => {
  let echoApp: NestFastifyApplication;
  let remoteApp: NestFastifyApplication;
  let gateway: NestFastifyApplication;
  let base: string;
  const service = (name: string) => ({
    name,
    module: EchoModule,
    uses: [] as const,
    defaultPort: 0,
    httpPrefixes: [],
  });

  beforeAll(async () => {
    startTelemetry({ serviceName: 'gateway-test' });
    echoApp = await createServiceApp(service('echo'), {}, logger);
    remoteApp = await createServiceApp(service('remote'), {}, logger);
    await remoteApp.listen(0, '127.0.0.1');
    const upstreams = [
      new InProcessUpstream('echo', ['/api/echo'], echoApp),
      new HttpUpstream('remote', ['/api/echo/teapot'], await remoteApp.getUrl(), 5000),
      new HttpUpstream('down', ['/api/down'], 'http://127.0.0.1:9', 1000),
    ];
    gateway = await createGatewayApp({ config, upstreams, ports: {}, logger });
    await gateway.listen(0, '127.0.0.1');
    base = await gateway.getUrl();
  });

  afterAll(async () => {
    await gateway.close();
    await echoApp.close();
    await remoteApp.close();
    await stopTelemetry();
  });

  it('forwards method, query and body bytes, adds a request id and continues the trace', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(`${base}/api/echo?q=${encodeURIComponent('블록체인')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-b7ad6b7169203331-01` },
      body: JSON.stringify({ title: '한국어 제목' }),
    });
    expect(response.status).toBe(201);
    const echoed = (await response.json()) as {
      body: unknown;
      q: string;
      requestId: string;
      traceparent: string;
    };
    expect(echoed.body).toEqual({ title: '한국어 제목' });
    expect(echoed.q).toBe('블록체인');
    expect(echoed.requestId).toBe(response.headers.get('x-request-id'));
    expect(echoed.traceparent).toMatch(new RegExp(`^00-${traceId}-`));
    expect(echoed.traceparent).not.toContain('b7ad6b7169203331');
  });

  it('routes by the longest matching prefix', async () => {
    const response = await fetch(`${base}/api/echo/teapot`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ brewed: true });
  });

  it('answers an unknown API path with 404 and an unreachable service with 502, as JSON', async () => {
    const unknown = await fetch(`${base}/api/unknown`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const down = await fetch(`${base}/api/down/anything`);
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({
      statusCode: 502,
      error: 'Bad Gateway',
      message: expect.stringContaining('down'),
    });
  });

  it('is not ready while any upstream is not, and says which to the admin credential only', async () => {
    const anonymous = await fetch(`${base}/readyz`);
    expect(anonymous.status).toBe(503);
    expect(await anonymous.json()).toEqual({ status: 'not ready' });
    const ready = await fetch(`${base}/readyz`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as {
      checks: Record<string, { ok: boolean; adapter: string; reason?: string }>;
    };
    expect(body.checks.echo).toMatchObject({ ok: true, adapter: 'in-process' });
    expect(body.checks.remote).toMatchObject({ ok: true, adapter: 'http' });
    expect(body.checks.down).toMatchObject({
      ok: false,
      reason: expect.stringContaining('down unreachable'),
    });
  });

  it('publishes the remotes’ manifest URLs to the shell at /env-config.json', async () => {
    const response = await fetch(`${base}/env-config.json`);
    expect(await response.json()).toEqual({
      remotes: {
        news: '/remotes/news/mf-manifest.json',
        trending: '/remotes/trending/mf-manifest.json',
        tech_analysis: '/remotes/tech-analysis/mf-manifest.json',
        qa: '/remotes/qa/mf-manifest.json',
      },
    });
  });

  it("writes the security headers from a hook added while Nest initialises, so Nest's own 404 has them", async () => {
    const response = await fetch(`${base}/no-such-file.js`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
