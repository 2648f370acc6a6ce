import { HeldCache, type Hold } from './held-cache';

describe('HeldCache (the micro-cache’s and the page documents’ one hold)', () => {
  let clock = 1_000;
  const now = () => clock;
  const purged: Array<{ at: number; tags: Set<string> }> = [];
  const purges = {
    purgedSince: (at: number, tags: readonly string[]) =>
      purged.some((purge) => purge.at >= at && tags.some((tag) => purge.tags.has(tag))),
  };
  const hold: Hold = { freshMs: 100, staleMs: 1_000, tags: ['article:a1'] };
  const holdAll = () => hold;

  /** A load that finishes when the test says. */
  function deferred<V>() {
    let resolve: (value: V) => void = () => undefined;
    const promise = new Promise<V>((done) => (resolve = done));
    return { promise, resolve };
  }

  it('loads a key once however many ask at a time, and holds the result fresh, then stale, then not at all', async () => {
    const cache = new HeldCache<string>(10, now, purges);
    const load = deferred<string>();
    let loads = 0;
    const start = () => {
      loads += 1;
      return load.promise;
    };
    const readers = [cache.flight('k', start, holdAll), cache.flight('k', start, holdAll)];
    expect(cache.pending('k')).toBeDefined();
    load.resolve('v1');
    expect(await Promise.all(readers)).toEqual(['v1', 'v1']);
    expect(loads).toBe(1);
    expect(cache.get('k')).toEqual({ value: 'v1', stale: false });
    clock += 100;
    expect(cache.get('k')).toEqual({ value: 'v1', stale: true });
    clock += 1_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('refreshes a stale copy once behind its readers, giving the admitted place back when it does not run', async () => {
    const cache = new HeldCache<string>(10, now, purges);
    cache.hold('k', 'v1', hold);
    clock += 150;
    const load = deferred<string>();
    let loads = 0;
    const released: string[] = [];
    const refresh = () =>
      cache.refresh(
        'k',
        (release) => {
          loads += 1;
          return load.promise.finally(() => release());
        },
        holdAll,
        () => false,
        () => Promise.resolve(() => void released.push('place')),
      );
    refresh();
    refresh();
    await new Promise(setImmediate);
    expect(cache.get('k')?.value).toBe('v1');
    load.resolve('v2');
    await new Promise(setImmediate);
    expect(loads).toBe(1);
    expect(cache.get('k')).toEqual({ value: 'v2', stale: false });
    expect(released).toEqual(['place']);
  });

  it('serves a load a purge of its tags overtook without holding it, and drops what a purge names', async () => {
    const cache = new HeldCache<string>(10, now, purges);
    const load = deferred<string>();
    const reader = cache.flight('k', () => load.promise, holdAll);
    purged.push({ at: clock, tags: new Set(['article:a1']) });
    load.resolve('old');
    expect(await reader).toBe('old');
    expect(cache.get('k')).toBeUndefined();
    clock += 1;
    cache.hold('k', 'new', hold);
    cache.hold('other', 'kept', { ...hold, tags: ['article:b2'] });
    expect(cache.purge(new Set(['article:a1']))).toEqual(['k']);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.get('other')?.value).toBe('kept');
  });
});
