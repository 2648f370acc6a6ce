import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { RedisCacheStore } from '@pulse/platform';
import pino from 'pino';
import { FakeUpstream, jsonResponse, startTestGateway, type TestGateway } from '../../testing/test-gateway';

const redisUrl = process.env.PULSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:16379';

/**
 * Two gateway replicas, each with its own Redis connection (CACHE_DRIVER=redis), share one bucket per
 * client: a client cannot double its budget by landing on the other replica. Needs the local stack's
 * Redis (`infra/local/pulse-local up`); fails with that hint when it is not running.
 */
describe('rate limits shared by replicas through Redis', () => {
  const keyPrefix = `pulse-test:${randomUUID()}:`;
  const caches: RedisCacheStore[] = [];
  const replicas: TestGateway[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const cache = new RedisCacheStore({ url: redisUrl, keyPrefix, logger: pino({ level: 'silent' }) });
      const health = await cache.check();
      if (!health.ok) {
        throw new Error(
          `Redis is not reachable at ${redisUrl} (PULSE_TEST_REDIS_URL): ${health.reason}. Run infra/local/pulse-local up.`,
        );
      }
      caches.push(cache);
      replicas.push(
        await startTestGateway({
          upstreams: [new FakeUpstream('content', ['/api/content'], () => jsonResponse(200, { ok: true }))],
          cache,
          env: { RATE_LIMIT_WRITE_PER_MIN: '4' },
        }),
      );
    }
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    for (const cache of caches) await cache.close();
  });

  it('counts a client in one bucket whichever replica answers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const replica = replicas[i % 2];
      const response = await fetch(`${replica.base}/api/content/like`, {
        method: 'POST',
        headers: { authorization: 'Bearer shared-identity' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
