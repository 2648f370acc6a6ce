#!/usr/bin/env node
// Reads the browser tests' JSON report (playwright.config.ts writes test/e2e/artifacts/report.json) and fails
// the run unless every test that was listed ran and passed: a skipped, failed, flaky or interrupted test, an
// error outside the tests (a worker fixture: the site did not start) or a spec file with no test in the run
// all fail it. Tests that one width does not need are not listed in that project (tags @desktop / @mobile),
// so a skip here is never a planned one. Prints what ran, per project and per spec file.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const reportFile = process.argv[2] ?? path.join(__dirname, '..', 'test/e2e/artifacts/report.json');
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const specDir = path.join(__dirname, '..', 'test/e2e');

const passed = new Map(); // project → count
const perFile = new Map(); // spec file → count of tests that ran
const problems = [];

function visit(suite, titles) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const name = `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}`;
      const last = test.results.at(-1);
      if (test.status === 'expected' && test.expectedStatus === 'passed' && last?.status === 'passed') {
        passed.set(test.projectName, (passed.get(test.projectName) ?? 0) + 1);
        perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + 1);
      } else {
        problems.push(`${test.status} (${last?.status ?? 'did not run'}): ${name}`);
      }
    }
  }
  for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
}
for (const suite of report.suites) visit(suite, []);

for (const error of report.errors ?? []) problems.push(`error outside a test: ${error.message}`);
// Only when the whole directory ran (no file or grep given on the command line) is a missing file a problem.
const ranAll = process.env.E2E_REPORT_ALL_FILES === 'true';
if (ranAll)
  for (const file of readdirSync(specDir).filter((name) => name.endsWith('.spec.ts')))
    if (!perFile.has(file)) problems.push(`no test of ${file} ran`);

console.log('\nBrowser tests that ran and passed:');
for (const [project, count] of [...passed].sort()) console.log(`  ${project}: ${count}`);
for (const [file, count] of [...perFile].sort()) console.log(`    ${file}: ${count}`);
const total = [...passed.values()].reduce((sum, n) => sum + n, 0);
const { stats } = report;
console.log(
  `\n${total} passed; ${stats.unexpected} failed, ${stats.flaky} flaky, ${stats.skipped} skipped, in ${(stats.duration / 1000).toFixed(0)} s`,
);
if (total === 0) problems.push('no test ran');
if (problems.length > 0) {
  console.error(
    `\n${problems.length} problem(s) — a test that did not run and pass is not a pass:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
