#!/usr/bin/env node
// Reads Jest's --json report and (1) prints which contract suite ran against which adapter, with counts,
// so a reader of the CI log sees every port × adapter executed; (2) fails the run if any test was
// skipped or left as a todo: a skipped suite is not a passing one.
const { readFileSync } = require('node:fs');

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const rows = new Map();
const skipped = [];
for (const file of report.testResults) {
  for (const test of file.assertionResults) {
    if (test.status === 'pending' || test.status === 'todo' || test.status === 'skipped')
      skipped.push(test.fullName);
    const suite = test.ancestorTitles.find((title) => /contract|delivery|durability/i.test(title));
    if (!suite) continue;
    const row = rows.get(suite) ?? { passed: 0, failed: 0 };
    if (test.status === 'passed') row.passed += 1;
    else if (test.status === 'failed') row.failed += 1;
    rows.set(suite, row);
  }
}

console.log('\nContract, delivery and durability suites (port × adapter):');
for (const [suite, { passed, failed }] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${failed ? '✗' : '✓'} ${suite} — ${passed} passed${failed ? `, ${failed} failed` : ''}`);
}
console.log(
  `\n${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped, in ${report.numTotalTestSuites} suites`,
);
if (skipped.length > 0) {
  console.error(`\n${skipped.length} test(s) skipped — not allowed:\n  ${skipped.join('\n  ')}`);
  process.exit(1);
}
if (!report.success) process.exit(1);
