#!/usr/bin/env node
// Reads Jest's --json report and (1) prints which contract suite ran against which adapter, with counts,
// so a reader of the CI log sees every port × adapter executed; (2) fails the run if any test was
// skipped or left as a todo: a skipped suite is not a passing one; (3) ends with the slowest suites and
// every failure in one line each, because a CI log is often read from its tail only.
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

const relative = (name) => name.replace(`${process.cwd()}/`, '');
const seconds = (file) => (file.endTime - file.startTime) / 1000;
console.log('\nSlowest suites (s):');
for (const file of [...report.testResults].sort((a, b) => seconds(b) - seconds(a)).slice(0, 12))
  console.log(`  ${seconds(file).toFixed(0).padStart(5)}  ${relative(file.name)}`);

const firstLine = (text) =>
  (text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? '';
const failures = [];
for (const file of report.testResults) {
  const failed = file.assertionResults.filter((test) => test.status === 'failed');
  for (const test of failed)
    failures.push(
      `${relative(file.name)} › ${test.fullName}\n      ${firstLine(test.failureMessages?.[0]).slice(0, 300)}`,
    );
  // A suite that could not run at all (a syntax error, a hook outside any test) has no failed test.
  if (failed.length === 0 && file.status === 'failed')
    failures.push(`${relative(file.name)} (the suite)\n      ${firstLine(file.message).slice(0, 300)}`);
}
if (failures.length > 0) console.log(`\nFailed (${failures.length}):\n  ${failures.join('\n  ')}`);
if (skipped.length > 0) {
  console.error(`\n${skipped.length} test(s) skipped — not allowed:\n  ${skipped.join('\n  ')}`);
  process.exit(1);
}
if (!report.success) process.exit(1);
