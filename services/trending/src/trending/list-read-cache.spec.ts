import type { TrendingConfig } from '../trending.config';
import { ListReadCache } from './list-read-cache';
import { TestClock } from '@pulse/testing';

describe('ListReadCache', () => {
  const clock = new TestClock(0);
  const cacheOf = (ms: number) => new ListReadCache({ TRENDING_READ_CACHE_MS: ms } as TrendingConfig, clock);
  const counted = () => {
    let reads = 0;
    return { load: async () => ++reads, reads: () => reads };
  };

  beforeEach(() => clock.set(1_000_000));

  it('answers the same query from one read until the TTL ends; readers during the read share it', async () => {
    const lists = cacheOf(2_000);
    const store = counted();
    expect(await Promise.all([lists.read('hot:10', store.load), lists.read('hot:10', store.load)])).toEqual([
      1, 1,
    ]);
    clock.advance(1_999);
    expect(await lists.read('hot:10', store.load)).toBe(1);
    clock.advance(1);
    expect(await lists.read('hot:10', store.load)).toBe(2);
    expect(await lists.read('hot:20', store.load)).toBe(3);
  });

  it('reads the store again at once after a write here invalidates', async () => {
    const lists = cacheOf(60_000);
    const store = counted();
    await lists.read('popular:day:10', store.load);
    lists.invalidate();
    expect(await lists.read('popular:day:10', store.load)).toBe(2);
  });

  it('keeps no failed read, and always reads when switched off (0)', async () => {
    const lists = cacheOf(2_000);
    await expect(lists.read('stats:week', () => Promise.reject(new Error('store away')))).rejects.toThrow();
    expect(await lists.read('stats:week', async () => 'fresh')).toBe('fresh');
    const off = cacheOf(0);
    const store = counted();
    await off.read('hot:10', store.load);
    await off.read('hot:10', store.load);
    expect(store.reads()).toBe(2);
  });
});
