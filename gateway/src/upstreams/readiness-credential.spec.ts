import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, type CacheStore, type HealthResult } from '@pulse/platform';
import pino from 'pino';
import { HttpUpstream } from './http.upstream';
import { InProcessUpstream } from './in-process.upstream';

const ADMIN_TOKEN = 'upstream-admin-token-0123456789';

@Module({})
class NothingModule {}

/**
 * A service's /readyz says 'degraded' (and why) only to its admin credential; to anyone else, 'ready'.
 * The gateway's readiness checks send its ADMIN_TOKEN, so a degraded upstream stays degraded to it.
 */
describe('upstream readiness checks with the admin credential', () => {
  let app: NestFastifyApplication;
  const cache = {
    adapterName: 'memory',
    health: { ok: true } as HealthResult,
    check: async () => cache.health,
    close: async () => {},
  };

  beforeAll(async () => {
    app = await createServiceApp(
      { name: 'probe', module: NothingModule, uses: ['cache'], defaultPort: 0, httpPrefixes: [] },
      { cache: cache as unknown as CacheStore },
      pino({ level: 'silent' }),
      {},
      { adminToken: ADMIN_TOKEN },
    );
    await app.listen(0, '127.0.0.1');
  });

  afterAll(() => app.close());

  it('tells degraded from ready in process and over HTTP when the gateway has the token, not without it', async () => {
    const url = await app.getUrl();
    const withToken = [
      new InProcessUpstream('probe', ['/api/probe'], app, ADMIN_TOKEN),
      new HttpUpstream('probe', ['/api/probe'], url, 2_000, { adminToken: ADMIN_TOKEN }),
    ];
    const without = [
      new InProcessUpstream('probe', ['/api/probe'], app),
      new HttpUpstream('probe', ['/api/probe'], url, 2_000),
    ];
    try {
      for (const upstream of [...withToken, ...without]) expect(await upstream.check()).toEqual({ ok: true });
      cache.health = { ok: false, reason: 'connection refused' };
      for (const upstream of withToken)
        expect(await upstream.check()).toEqual({
          ok: false,
          degraded: true,
          reason: expect.stringContaining('connection refused'),
        });
      // Serving is all an anonymous answer says: the upstream counts as ready.
      for (const upstream of without) expect(await upstream.check()).toEqual({ ok: true });
    } finally {
      cache.health = { ok: true };
      for (const upstream of [...withToken, ...without]) await upstream.close();
    }
  });
});
