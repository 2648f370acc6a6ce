import { RenderBudget } from './render-budget';

describe('the render budget', () => {
  let clock = 0;
  const now = () => clock;

  it('lets at most `concurrency` renders run at once', () => {
    const budget = new RenderBudget({ concurrency: 2, msPerSecond: 1000 }, now);
    const first = budget.start();
    const second = budget.start();
    expect([first, second].every(Boolean)).toBe(true);
    expect(budget.start()).toBeUndefined();
    first!();
    first!(); // ending twice frees one place, not two
    expect(budget.start()).toBeDefined();
    expect(budget.start()).toBeUndefined();
  });

  it('takes each render’s duration from a bucket refilled at msPerSecond, a second’s worth at most', () => {
    clock = 0;
    const budget = new RenderBudget({ concurrency: 10, msPerSecond: 200 }, now);
    const ends = [budget.start()!, budget.start()!];
    clock += 150; // two 150 ms renders at once: the bucket (200) goes 100 below empty
    ends.forEach((end) => end());
    expect(budget.start()).toBeUndefined();
    clock += 499; // 99.8 ms earned back: still below empty
    expect(budget.start()).toBeUndefined();
    clock += 10; // above empty again
    const next = budget.start();
    expect(next).toBeDefined();
    next!();
    clock += 60_000; // idle for a minute: a second's worth banked, no more
    const long = budget.start()!;
    clock += 201;
    long();
    expect(budget.start()).toBeUndefined();
    clock += 60_000;
    // A render of 5 s (a slow upstream, a first render loading the bundle) costs a second's worth at most.
    const slow = budget.start()!;
    clock += 5_000;
    slow();
    clock += 10;
    expect(budget.start()).toBeDefined();
  });
});

describe('waiting for the render budget', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('admits a waiting reader once the bucket refills, four waiters per render at most, none past maxWaitMs', async () => {
    const budget = new RenderBudget({ concurrency: 1, msPerSecond: 100, maxWaitMs: 500 }, Date.now);
    // Two 60 ms renders: 100 - 60, then + 6 earned - 60: 14 ms below empty, above it 140 ms later.
    for (let render = 0; render < 2; render++) {
      const end = budget.start()!;
      jest.advanceTimersByTime(60);
      end();
    }
    const waiting = Array.from({ length: 5 }, () => budget.acquire());
    // The fifth finds four waiting already: turned away at once.
    expect(await waiting[4]).toBeUndefined();
    const admitted = jest.fn();
    void waiting[0].then(admitted);
    await jest.advanceTimersByTimeAsync(139);
    expect(admitted).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(3);
    expect(admitted).toHaveBeenCalledWith(expect.any(Function));
    // Its render holds the one place for 400 ms: the other waiters' 500 ms are up before it is free.
    await jest.advanceTimersByTimeAsync(400);
    admitted.mock.calls[0][0]();
    await jest.advanceTimersByTimeAsync(500);
    expect(await Promise.all(waiting.slice(1, 4))).toEqual([undefined, undefined, undefined]);
  });

  it('admits the refresh of a held copy ahead of the readers, however many wait', async () => {
    const budget = new RenderBudget({ concurrency: 1, msPerSecond: 1000, maxWaitMs: 1000 }, Date.now);
    const running = budget.start()!;
    const order: string[] = [];
    const readers = Array.from({ length: 4 }, (_, n) =>
      budget.acquire().then((end) => {
        order.push(`reader ${n}`);
        end?.();
      }),
    );
    const refresh = budget.acquire({ maxWaitMs: 5000 }).then((end) => {
      order.push('refresh');
      end?.();
    });
    running();
    await Promise.all([...readers, refresh]);
    expect(order).toEqual(['refresh', 'reader 0', 'reader 1', 'reader 2', 'reader 3']);
  });

  it('does not wait when maxWaitMs is 0', async () => {
    const budget = new RenderBudget({ concurrency: 1, msPerSecond: 100 }, Date.now);
    budget.start();
    expect(await budget.acquire()).toBeUndefined();
  });
});
