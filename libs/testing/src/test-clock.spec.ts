import { isoNow, systemClock } from '@pulse/platform/clock';
import { TestClock } from './test-clock';

describe('TestClock', () => {
  it('stands still until moved, and reads as epoch ms and as ISO', () => {
    const clock = new TestClock('2026-03-02T09:00:00.000Z');
    expect(clock.now()).toBe(Date.parse('2026-03-02T09:00:00.000Z'));
    clock.advance(90_000);
    expect(isoNow(clock)).toBe('2026-03-02T09:01:30.000Z');
    clock.set('2026-03-01T00:00:00.000Z');
    expect(isoNow(clock)).toBe('2026-03-01T00:00:00.000Z');
  });

  it('fires one-off timers in due order, each at its own moment, and not once cancelled', () => {
    const clock = new TestClock(0);
    const fired: Array<[string, number]> = [];
    clock.setTimer(() => fired.push(['b', clock.now()]), 200);
    clock.setTimer(() => fired.push(['a', clock.now()]), 100);
    clock.setTimer(() => fired.push(['a2', clock.now()]), 100);
    clock.setTimer(() => fired.push(['never', clock.now()]), 150).cancel();
    clock.advance(150);
    expect(fired).toEqual([
      ['a', 100],
      ['a2', 100],
    ]);
    expect(clock.now()).toBe(150);
    clock.set(1_000);
    expect(fired.at(-1)).toEqual(['b', 200]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('fires a timer set by a timer when it falls due within the same move', () => {
    const clock = new TestClock(0);
    const fired: number[] = [];
    clock.setTimer(() => clock.setTimer(() => fired.push(clock.now()), 50), 50);
    clock.advance(100);
    expect(fired).toEqual([100]);
  });

  it('fires a repeating timer once per period until cancelled', () => {
    const clock = new TestClock(0);
    const fired: number[] = [];
    const handle = clock.setRepeating(() => fired.push(clock.now()), 30);
    clock.advance(100);
    expect(fired).toEqual([30, 60, 90]);
    handle.cancel();
    clock.advance(100);
    expect(fired).toEqual([30, 60, 90]);
  });

  it('moving backward fires nothing', () => {
    const clock = new TestClock(1_000);
    const fired: number[] = [];
    clock.setTimer(() => fired.push(clock.now()), 10);
    clock.set(0);
    expect(fired).toEqual([]);
    expect(clock.pendingTimers).toBe(1);
  });

  it('answers a fixed jitter draw a test can change', () => {
    const clock = new TestClock(0);
    expect(clock.random()).toBe(0.5);
    clock.randomValue = 0.25;
    expect(clock.random()).toBe(0.25);
  });

  it('refuses a start that is not a time', () => {
    expect(() => new TestClock('yesterday-ish')).toThrow('not a time');
  });
});

describe('systemClock', () => {
  it('reads the wall clock and runs real timers', async () => {
    const before = Date.now();
    expect(systemClock.now()).toBeGreaterThanOrEqual(before);
    const fired = await new Promise<number>((resolve) => systemClock.setTimer(() => resolve(Date.now()), 20));
    expect(fired - before).toBeGreaterThanOrEqual(15);
    let ticks = 0;
    await new Promise<void>((resolve) => {
      const handle = systemClock.setRepeating(() => {
        ticks += 1;
        if (ticks === 2) {
          handle.cancel();
          resolve();
        }
      }, 5);
    });
    expect(ticks).toBe(2);
  });
});
