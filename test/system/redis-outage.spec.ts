import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NewsListResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { freePort, startTs, type RunningProcess, untilReady } from '../support/processes';
import { startRedisServer } from '../support/redis-server';

/**
 * Redis restarted under reader traffic (issue 'Reliability and security', item 3, the Redis scenario): the
 * whole site in one process with its cache and rate limits in Redis. While Redis is gone, reads are still
 * answered (the cache is skipped, rate limits let requests through), /readyz says 'degraded' (200, so
 * the pod stays in rotation) and names the cache as what is missing, and once Redis is back the site uses it again without a restart.
 */
/** /readyz names what is missing only to the admin credential (libs/platform health.controller.ts). */
const ADMIN_TOKEN = 'redis-outage-admin-token-0123456789';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('Redis restarted under reader traffic', () => {
  let redis: ChildProcess | undefined;
  let redisPort: number;
  let site: RunningProcess;
  let base: string;
  let dataDir: string;
  let articleId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-redis-outage-'));
    redisPort = await freePort();
    redis = startRedisServer(redisPort, dataDir);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    site = startTs('embedded/src/main.ts', {
      PORT: String(port),
      PULSE_DATA_DIR: path.join(dataDir, 'site'),
      DEMO_CORPUS: 'true',
      CACHE_DRIVER: 'redis',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      RATE_LIMIT_READ_PER_MIN: '1000000',
      ADMIN_TOKEN,
    });
    await untilReady(site, base, { timeoutMs: 120_000 });
    await eventually(
      async () => {
        const list = (await (await fetch(`${base}/api/content/news?limit=1`)).json()) as NewsListResponse;
        if (!list.articles?.length) throw new Error('no article published yet');
        articleId = list.articles[0].id;
      },
      { timeoutMs: 90_000, intervalMs: 250 },
    );
  }, 240_000);

  afterAll(async () => {
    await site?.stop();
    redis?.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps answering reads while Redis is down, says so on /readyz, and recovers without a restart', async () => {
    const failures: string[] = [];
    let answered = 0;
    let reading = true;
    const paths = [
      '/api/content/news?limit=12',
      `/api/articles/${articleId}`,
      `/api/articles/related/${articleId}`,
    ];
    const readers = Array.from({ length: 4 }, async (_, reader) => {
      for (let i = reader; reading; i += 1) {
        try {
          const response = await fetch(`${base}${paths[i % paths.length]}`);
          await response.arrayBuffer();
          if (response.status === 200) answered += 1;
          else failures.push(String(response.status));
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    });
    const moreAnswered = (count: number) =>
      eventually(() => expect(answered).toBeGreaterThan(count), { timeoutMs: 30_000, intervalMs: 50 });

    await moreAnswered(50);
    redis!.kill('SIGKILL');
    // Degraded, not out of rotation: the site serves without its cache, and says what is missing.
    const down = await eventually(
      async () => {
        const response = await fetch(`${base}/readyz`, { headers: admin });
        const body = await response.text();
        if ((JSON.parse(body) as { status: string }).status === 'ready') throw new Error('still ready');
        return { status: response.status, body };
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(down.status).toBe(200);
    expect(JSON.parse(down.body)).toMatchObject({ status: 'degraded' });
    expect(down.body).toContain('cache');
    const whileDown = answered;
    await moreAnswered(whileDown + 100); // reads go on without the cache

    redis = startRedisServer(redisPort, dataDir);
    await eventually(
      async () => {
        const response = await fetch(`${base}/readyz`, { headers: admin });
        const body = await response.text();
        if (response.status !== 200 || (JSON.parse(body) as { status: string }).status !== 'ready')
          throw new Error(`/readyz ${response.status}: ${body}`);
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    await moreAnswered(answered + 50);
    reading = false;
    await Promise.all(readers);

    console.log(
      `Redis outage: ${answered} reads answered (${answered - whileDown} after the kill), ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
