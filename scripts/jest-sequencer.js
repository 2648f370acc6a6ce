// The order Jest hands test files to its workers (jest.config.js `testSequencer`): Jest's own order (the
// longest first when it has timings, the largest file first when it has none, as on a fresh clone), with the
// suites that take a lock spread out through it.
//
// Some system suites must not overlap (test/support/exclusive.ts): they take a lock, and a suite waiting
// for it holds its Jest worker idle. In Jest's own order they come close together (they are the largest
// files), so one worker waited minutes for the other's lock while the rest of the queue stood still. Spread
// out, the other worker runs the queue's ordinary suites while one holds a lock.
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const TAKES_A_LOCK = /\bexclusive\(\s*'[^']+'/;

const takesALock = (testPath) => {
  try {
    return TAKES_A_LOCK.test(fs.readFileSync(testPath, 'utf8'));
  } catch {
    return false;
  }
};

class SpreadLockTakers extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    const lockTakers = ordered.filter((test) => takesALock(test.path));
    if (lockTakers.length === 0) return ordered;
    const others = ordered.filter((test) => !lockTakers.includes(test));
    // One lock taker first, then one after every `gap` ordinary suites: a run of all of them starts them
    // about evenly through the queue.
    const gap = Math.ceil(others.length / lockTakers.length);
    const spread = [];
    lockTakers.forEach((test, i) => {
      spread.push(test, ...others.slice(i * gap, (i + 1) * gap));
    });
    return spread;
  }
}

module.exports = SpreadLockTakers;
