'use strict';
// Prints each check as it runs (✓, or ✗ and its problems), collects warnings, and prints the tally.

let passed = 0;
let failed = 0;
const warnings = [];

/** Runs fn(problem); the check passes when fn reports no problem and does not throw. */
function check(title, fn) {
  const problems = [];
  try {
    fn((message) => problems.push(message));
  } catch (error) {
    problems.push(`threw: ${error.message}`);
  }
  if (problems.length === 0) {
    passed += 1;
    console.log(`  ✓ ${title}`);
  } else {
    failed += 1;
    console.log(`  ✗ ${title}`);
    for (const problem of problems) console.log(`      - ${problem}`);
  }
}

const warn = (message) => warnings.push(message);
const section = (title) => console.log(`\n${title}`);

/** Prints the warnings and the tally; returns the exit code (1 when a check failed). */
function finish() {
  console.log('');
  for (const message of warnings) console.log(`  ! ${message}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

module.exports = { check, warn, section, finish };
