'use strict';
// Jest's globalSetup (jest.preset.js): refuses a run whose Node lacks vm.SourceTextModule.
//
// Packages published as ES modules only (NestJS 12, react-router 8, cookie 2) are loaded by Jest's
// require() through vm.SourceTextModule, which Node has only with --experimental-vm-modules. .npmrc sets it
// for everything npm and npx start (`npx jest`, `npm test`, the Nx targets); a run started another way
// would fail file by file with a SyntaxError far from the cause, so it stops here, once, saying why.
const vm = require('node:vm');

module.exports = function requireVmModules() {
  if (typeof vm.SourceTextModule === 'function') return;
  throw new Error(
    'Jest needs Node started with --experimental-vm-modules: run it through npm or npx (`npx jest`, ' +
      '`npm test`), which take it from .npmrc, or set NODE_OPTIONS=--experimental-vm-modules yourself.',
  );
};
