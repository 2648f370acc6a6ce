import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Test } from '@jest/test-result';
import { REPO_ROOT } from '../support/processes';

const SpreadLockTakers = require(path.join(REPO_ROOT, 'scripts/jest-sequencer.js')) as new (
  options: object,
) => {
  sort(tests: Test[]): Promise<Test[]>;
};

/**
 * scripts/jest-sequencer.js: the suites that take a lock (test/support/exclusive.ts) are spread through
 * Jest's order instead of coming together, where a worker would wait for the other's lock.
 */
describe('the test order', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-sequencer-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** `count` files, the lock takers the largest (Jest without timings runs the largest first). */
  const files = (count: number, lockTakers: number): Test[] => {
    const context = {
      config: { cacheDirectory: dir, id: 'sequencer' },
      hasteFS: { getSize: (file: string) => Number(path.basename(file, '.spec.ts')) },
    };
    return Array.from({ length: count }, (_, i) => {
      const size = 10_000 - i;
      const file = path.join(dir, `${size}.spec.ts`);
      const body = i < lockTakers ? "release = await exclusive('kafka-article-published');" : 'it(...)';
      writeFileSync(file, body + ' '.repeat(size));
      return { path: file, context } as unknown as Test;
    });
  };

  it('puts one lock taker first and the others after even runs of ordinary suites, losing none', async () => {
    const tests = files(40, 4);
    const order = await new SpreadLockTakers({ contexts: [], globalConfig: {} }).sort(tests);
    const positions = order.flatMap((test, i) => (tests.indexOf(test) < 4 ? [i] : []));
    expect(positions).toEqual([0, 10, 20, 30]);
    expect([...order].sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      [...tests].sort((a, b) => a.path.localeCompare(b.path)),
    );
    // The ordinary suites keep Jest's order (largest first) between them.
    const ordinary = order.filter((test) => tests.indexOf(test) >= 4);
    expect(ordinary).toEqual(tests.slice(4));
  });

  it("leaves Jest's order alone when no suite takes a lock", async () => {
    const tests = files(12, 0);
    const order = await new SpreadLockTakers({ contexts: [], globalConfig: {} }).sort(tests);
    expect(order).toEqual(tests);
  });
});
