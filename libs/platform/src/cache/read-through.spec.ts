import { readThrough, SingleFlight } from './single-flight';

describe('read-through when the cache cannot answer', () => {
  const unreachable = {
    get: async () => {
      throw new Error('Stream is not writeable');
    },
    set: jest.fn(async () => {
      throw new Error('Stream is not writeable');
    }),
  };

  it("returns the loader's value uncached instead of the cache's error", async () => {
    const value = await readThrough(new SingleFlight(), 'k', 1_000, async () => ({ id: 'a1' }), unreachable);
    expect(value).toEqual({ id: 'a1' });
    expect(unreachable.set).not.toHaveBeenCalled();
  });

  it("still passes the loader's own failure on", async () => {
    const failing = readThrough(
      new SingleFlight(),
      'k',
      1_000,
      async () => {
        throw new Error('store down');
      },
      unreachable,
    );
    await expect(failing).rejects.toThrow('store down');
  });

  it('returns what it loaded when only the write fails', async () => {
    const cache = { get: async () => undefined, set: unreachable.set };
    await expect(readThrough(new SingleFlight(), 'k', 1_000, async () => 42, cache)).resolves.toBe(42);
  });
});
