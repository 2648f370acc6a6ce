'use strict';
// What the images rely on in the repository itself: runtime dependencies and one entry and port a process.
const { check } = require('./report');
const { read, exists } = require('./files');
const { rootPackage, PROCS } = require('./expectations');

module.exports = function checkRepository() {
  check(
    'the TypeScript toolchain is dev-only (the images run compiled JavaScript, installed with --omit=dev)',
    (problem) => {
      for (const dep of ['@swc-node/register', '@swc/core', 'typescript']) {
        if (rootPackage.dependencies?.[dep]) problem(`${dep} is in package.json "dependencies"`);
        if (!rootPackage.devDependencies?.[dep]) problem(`${dep} is not in package.json "devDependencies"`);
      }
      const lock = JSON.parse(read('package-lock.json'));
      for (const dep of ['@swc-node/register', '@swc/core', 'typescript']) {
        const entry = lock.packages?.[`node_modules/${dep}`];
        if (!entry) problem(`${dep} missing from package-lock.json`);
        else if (!entry.dev)
          problem(`package-lock.json installs ${dep} in production: a runtime dependency pulls it in`);
      }
    },
  );

  check('every process has an entry file and a port', (problem) => {
    const expected = [
      'gateway',
      'content',
      'ingestion',
      'translation',
      'trending',
      'community',
      'newsletter',
      'newsroom',
    ];
    for (const name of expected) {
      if (!PROCS[name]) problem(`${name}: no service definition found`);
      else if (!exists(PROCS[name].entry)) problem(`${name}: ${PROCS[name].entry} does not exist`);
      else if (!Number.isInteger(PROCS[name].port)) problem(`${name}: no port found`);
    }
  });
};
