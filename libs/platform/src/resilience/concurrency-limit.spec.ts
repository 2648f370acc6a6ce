import { createConcurrencyLimit } from './concurrency-limit';

/** A call the test finishes by hand; records that it started. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrency limit', () => {
  it('runs at most max calls at once and starts the waiting ones in arrival order', async () => {
    const limit = createConcurrencyLimit(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const calls = gates.map((g, i) =>
      limit.run(async () => {
        started.push(i);
        await g.done;
        return i;
      }),
    );
    await turn();
    expect(started).toEqual([0, 1]);
    expect([limit.active, limit.waiting]).toEqual([2, 2]);
    gates[1].open();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    gates[0].open();
    gates[2].open();
    gates[3].open();
    await expect(Promise.all(calls)).resolves.toEqual([0, 1, 2, 3]);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a call fails', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
    expect(limit.active).toBe(0);
  });

  it('lets a waiting call leave at once when its signal aborts, without taking a slot', async () => {
    const limit = createConcurrencyLimit(1);
    const holder = gate();
    const held = limit.run(() => holder.done);
    const controller = new AbortController();
    const waiting = limit.run(async () => 'never', controller.signal);
    const after = limit.run(async () => 'after');
    await turn();
    expect(limit.waiting).toBe(2);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    expect(limit.waiting).toBe(1);
    holder.open();
    await expect(after).resolves.toBe('after');
    await held;
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it('refuses at once a call whose signal has already aborted', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.acquire(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(limit.active).toBe(0);
  });

  it('ignores a second release of the same slot', async () => {
    const limit = createConcurrencyLimit(1);
    const release = await limit.acquire();
    release();
    release();
    expect(limit.active).toBe(0);
    const again = await limit.acquire();
    expect(limit.active).toBe(1);
    again();
  });
});
