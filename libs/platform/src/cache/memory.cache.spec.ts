import { describeCacheStoreContract } from '@pulse/testing';
import { MemoryCacheStore } from './memory.cache';

describeCacheStoreContract('memory', () => new MemoryCacheStore({ sweepIntervalMs: 50 }));

describe('MemoryCacheStore sweep', () => {
  it('drops expired keys nobody reads again', async () => {
    const cache = new MemoryCacheStore();
    await cache.set('a', 1, 10);
    await cache.set('b', 2);
    cache.sweep(Date.now() + 20);
    // Peek at the map: a read would expire the key lazily and prove nothing about the sweep.
    expect([...(cache as unknown as { entries: Map<string, unknown> }).entries.keys()]).toEqual(['b']);
    await cache.close();
  });
});
