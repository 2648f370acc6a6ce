import type { CacheStore } from '@pulse/platform/cache';
import { randomUUID } from 'node:crypto';
import { eventually } from '../eventually';

/**
 * The one behaviour every CacheStore adapter must show. `make` returns a fresh store whose keys no
 * other run can see (the Redis spec gives each run its own key prefix).
 */
export function describeCacheStoreContract(name: string, make: () => CacheStore | Promise<CacheStore>): void {
  describe(`CacheStore contract: ${name}`, () => {
    let cache: CacheStore;
    let counter = 0;
    /** A fresh key per use, so tests never see each other's data. */
    const key = (label: string) => `${label}:${++counter}`;

    beforeAll(async () => {
      cache = await make();
    });
    afterAll(async () => {
      await cache?.close();
    });

    it('reports healthy', async () => {
      await expect(cache.check()).resolves.toEqual({ ok: true });
    });

    describe('values', () => {
      it('returns undefined on a miss and a JSON copy on a hit', async () => {
        const k = key('value');
        await expect(cache.get(k)).resolves.toBeUndefined();
        const value = { title: '블록체인 뉴스', tags: ['AI'], views: 3, at: new Date(0) };
        await cache.set(k, value);
        const read = await cache.get<Record<string, unknown>>(k);
        expect(read).toEqual({
          title: '블록체인 뉴스',
          tags: ['AI'],
          views: 3,
          at: '1970-01-01T00:00:00.000Z',
        });
        (read as { views: number }).views = 99;
        await expect(cache.get(k)).resolves.toMatchObject({ views: 3 });
      });

      it('stores null as a value, distinct from a miss', async () => {
        const k = key('null');
        await cache.set(k, null);
        await expect(cache.get(k)).resolves.toBeNull();
      });

      it('expires a value after its TTL and keeps one without', async () => {
        const short = key('short');
        const long = key('long');
        await cache.set(short, 'soon gone', 60);
        await cache.set(long, 'stays', 60_000);
        await eventually(async () => expect(await cache.get(short)).toBeUndefined());
        await expect(cache.get(long)).resolves.toBe('stays');
      });

      it('deletes one key or many and counts those that existed', async () => {
        const [a, b] = [key('del'), key('del')];
        await cache.set(a, 1);
        await cache.set(b, 2);
        await expect(cache.del([a, b, key('absent')])).resolves.toBe(2);
        await expect(cache.del(a)).resolves.toBe(0);
        await expect(cache.del([])).resolves.toBe(0);
        await expect(cache.get(a)).resolves.toBeUndefined();
      });

      it('sets and refuses expiries', async () => {
        const k = key('expire');
        await expect(cache.expire(k, 1_000)).resolves.toBe(false);
        await cache.set(k, 'x');
        await expect(cache.expire(k, 50)).resolves.toBe(true);
        await eventually(async () => expect(await cache.get(k)).toBeUndefined());
        await expect(cache.set(k, 'x', 0)).rejects.toThrow(RangeError);
      });
    });

    describe('getOrLoad', () => {
      it('runs the loader once for concurrent callers and serves the cached value afterwards', async () => {
        const k = key('load');
        let calls = 0;
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const loader = async () => {
          calls++;
          await gate;
          return { headline: '오늘의 AI' };
        };
        const waiting = Array.from({ length: 20 }, () => cache.getOrLoad(k, 60_000, loader));
        release();
        const results = await Promise.all(waiting);
        expect(calls).toBe(1);
        expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
        await expect(cache.getOrLoad(k, 60_000, loader)).resolves.toEqual({ headline: '오늘의 AI' });
        expect(calls).toBe(1);
      });

      it('caches nothing when the loader fails, so the next call retries', async () => {
        const k = key('load-fail');
        const failing = Array.from({ length: 3 }, () =>
          cache.getOrLoad(k, 60_000, async () => {
            throw new Error('database down');
          }),
        );
        for (const attempt of failing) await expect(attempt).rejects.toThrow('database down');
        await expect(cache.getOrLoad(k, 60_000, async () => 'recovered')).resolves.toBe('recovered');
      });

      it('reloads after the TTL', async () => {
        const k = key('load-ttl');
        await cache.getOrLoad(k, 50, async () => 'first');
        await eventually(async () => expect(await cache.get(k)).toBeUndefined());
        await expect(cache.getOrLoad(k, 50, async () => 'second')).resolves.toBe('second');
      });
    });

    describe('counters', () => {
      it('increments atomically under 200 concurrent calls', async () => {
        const k = key('incr');
        const results = await Promise.all(Array.from({ length: 200 }, () => cache.incr(k)));
        expect([...results].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
        await expect(cache.get(k)).resolves.toBe(200);
      });

      it('increments by a step and rejects a non-integer step', async () => {
        const k = key('incr-by');
        await expect(cache.incr(k, 5)).resolves.toBe(5);
        await expect(cache.incr(k, -2)).resolves.toBe(3);
        await expect(cache.incr(k, 0.5)).rejects.toThrow(RangeError);
      });

      it('gives a new counter its TTL', async () => {
        const k = key('incr-ttl');
        await expect(cache.incr(k, 1, 60)).resolves.toBe(1);
        await eventually(async () => expect(await cache.get(k)).toBeUndefined());
        await expect(cache.incr(k, 1, 60_000)).resolves.toBe(1);
      });

      it('keeps integer counters in a hash', async () => {
        const k = key('hash');
        await expect(cache.hgetall(k)).resolves.toEqual({});
        await cache.hincrby(k, 'views');
        await cache.hincrby(k, 'views', 2);
        await expect(cache.hincrby(k, 'likes', 1)).resolves.toBe(1);
        await expect(cache.hgetall(k)).resolves.toEqual({ views: 3, likes: 1 });
      });

      it('refuses to treat a value of another type as a counter or set, as Redis does', async () => {
        const k = key('typed');
        await cache.set(k, 'text');
        await expect(cache.incr(k)).rejects.toThrow();
        await expect(cache.zadd(k, { member: 'a', score: 1 })).rejects.toThrow(/WRONGTYPE/);
      });
    });

    describe('sorted sets', () => {
      it('orders by score, ties by member, in both directions', async () => {
        const k = key('zset');
        await expect(
          cache.zadd(k, [
            { member: 'b', score: 2 },
            { member: 'a', score: 2 },
            { member: 'c', score: 5 },
            { member: 'd', score: -1 },
          ]),
        ).resolves.toBe(4);
        await expect(cache.zadd(k, { member: 'd', score: 0 })).resolves.toBe(0);
        await expect(cache.zrevrange(k, 0, -1)).resolves.toEqual(['c', 'b', 'a', 'd']);
        await expect(cache.zrevrange(k, 0, 1, true)).resolves.toEqual([
          { member: 'c', score: 5 },
          { member: 'b', score: 2 },
        ]);
        await expect(cache.zrevrange(k, -2, -1)).resolves.toEqual(['a', 'd']);
        await expect(cache.zrevrange(k, 10, 20)).resolves.toEqual([]);
        await expect(cache.zrangeByScore(k, 0, 2)).resolves.toEqual([
          { member: 'd', score: 0 },
          { member: 'a', score: 2 },
          { member: 'b', score: 2 },
        ]);
        await expect(cache.zrangeByScore(k, -Infinity, Infinity)).resolves.toHaveLength(4);
        await expect(cache.zcard(k)).resolves.toBe(4);
      });

      it('increments scores and reorders', async () => {
        const k = key('zincr');
        await cache.zadd(k, [
          { member: 'article-1', score: 10 },
          { member: 'article-2', score: 20 },
        ]);
        await expect(cache.zincrby(k, 15, 'article-1')).resolves.toBe(25);
        await expect(cache.zincrby(k, 1.5, 'article-3')).resolves.toBe(1.5);
        await expect(cache.zscore(k, 'article-1')).resolves.toBe(25);
        await expect(cache.zscore(k, 'missing')).resolves.toBeUndefined();
        await expect(cache.zrevrange(k, 0, -1)).resolves.toEqual(['article-1', 'article-2', 'article-3']);
      });

      it('removes members and score ranges, and an emptied set is gone', async () => {
        const k = key('zrem');
        await cache.zadd(
          k,
          [1, 2, 3, 4, 5].map((n) => ({ member: `m${n}`, score: n })),
        );
        await expect(cache.zrem(k, ['m1', 'absent'])).resolves.toBe(1);
        await expect(cache.zremrangeByScore(k, 2, 3)).resolves.toBe(2);
        await expect(cache.zrevrange(k, 0, -1)).resolves.toEqual(['m5', 'm4']);
        await expect(cache.zremrangeByScore(k, -Infinity, Infinity)).resolves.toBe(2);
        await expect(cache.zcard(k)).resolves.toBe(0);
        await expect(cache.zrevrange(k, 0, -1, true)).resolves.toEqual([]);
      });

      it('expires a whole set with its key', async () => {
        const k = key('zttl');
        await cache.zadd(k, { member: 'x', score: 1 });
        await expect(cache.expire(k, 50)).resolves.toBe(true);
        await eventually(async () => expect(await cache.zcard(k)).toBe(0));
      });
    });

    describe('rate limit (sliding window)', () => {
      it('allows exactly `limit` requests, denies the next, and allows again after the window', async () => {
        const k = key('rate');
        const limit = 5;
        const windowMs = 1_000;
        for (let i = 1; i <= limit; i++) {
          await expect(cache.rateLimit(k, limit, windowMs)).resolves.toMatchObject({
            allowed: true,
            remaining: limit - i,
          });
        }
        const denied = await cache.rateLimit(k, limit, windowMs);
        expect(denied).toMatchObject({ allowed: false, remaining: 0 });
        expect(denied.resetMs).toBeGreaterThan(0);
        expect(denied.resetMs).toBeLessThanOrEqual(windowMs);
        // Another bucket is untouched.
        await expect(cache.rateLimit(key('rate-other'), limit, windowMs)).resolves.toMatchObject({
          allowed: true,
        });
        // Poll with limit 1: that is allowed only once the window holds no hits at all, and a denied poll
        // counts nothing, so polling cannot keep the window busy (a poll with `limit` would, once allowed).
        await eventually(
          async () => expect(await cache.rateLimit(k, 1, windowMs)).toMatchObject({ allowed: true }),
          {
            timeoutMs: 5_000,
          },
        );
        await expect(cache.rateLimit(k, limit, windowMs)).resolves.toMatchObject({
          allowed: true,
          remaining: limit - 2,
        });
      }, 10_000);

      it('allows exactly `limit` of many concurrent requests', async () => {
        const k = key('rate-burst');
        const results = await Promise.all(Array.from({ length: 50 }, () => cache.rateLimit(k, 7, 60_000)));
        expect(results.filter((r) => r.allowed)).toHaveLength(7);
      });
    });

    describe('publish and subscribe', () => {
      it('delivers to every subscriber of the channel, on this store and another sharing it, from now on', async () => {
        const channel = `contract-${randomUUID()}`;
        await cache.publish(channel, 'before anyone listened');
        const other = await make();
        const heardHere: string[] = [];
        const heardThere: string[] = [];
        const heardElsewhere: string[] = [];
        const stopHere = await cache.subscribe(channel, (message) => heardHere.push(message));
        const stopThere = await other.subscribe(channel, (message) => heardThere.push(message));
        const stopElsewhere = await other.subscribe(`${channel}-other`, (m) => heardElsewhere.push(m));
        try {
          // A subscription may still be connecting: publish until it is heard, then check it came once.
          await eventually(
            async () => {
              await cache.publish(channel, 'probe');
              expect(heardHere).toContain('probe');
              expect(heardThere).toContain('probe');
            },
            { timeoutMs: 5_000 },
          );
          await other.publish(channel, 'purge article:1');
          await eventually(async () => {
            expect(heardHere).toContain('purge article:1');
            expect(heardThere).toContain('purge article:1');
          });
          expect(heardHere).not.toContain('before anyone listened');
          expect(heardHere.filter((m) => m === 'purge article:1')).toHaveLength(1);
          expect(heardElsewhere).toEqual([]);

          // After unsubscribing, this store hears nothing more; the other still does.
          await stopHere();
          await cache.publish(channel, 'after');
          await eventually(async () => expect(heardThere).toContain('after'));
          expect(heardHere).not.toContain('after');
        } finally {
          await Promise.all([stopHere(), stopThere(), stopElsewhere()]);
          await other.close();
        }
      });
    });
  });
}
