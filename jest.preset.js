// Shared Jest settings: SWC compiles TypeScript (with decorator metadata, which Nest needs),
// and @pulse/* imports resolve to the libraries' sources.
const path = require('node:path');
const root = __dirname;
const ESM_PACKAGES = [
  'meilisearch',
  'jose',
  '@platformatic',
  'content-disposition',
  'cockatiel',
  'eventsource-parser',
  '@nestjs',
  'react-router',
  '@remix-run',
  'cookie',
  '@fastify/cookie',
  'markdown-it-cjk-friendly',
  'get-east-asian-width',
];

module.exports = {
  testEnvironment: 'node',
  // Stops a run started without --experimental-vm-modules (see the file for why it is needed).
  globalSetup: path.join(root, 'scripts/jest-vm-modules.js'),
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2024',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@pulse/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@pulse/frontend-ui$': path.join(root, 'frontends/ui/src/index.ts'),
    '^@pulse/platform$': path.join(root, 'libs/platform/src/index.ts'),
    '^@pulse/platform/(.*)$': path.join(root, 'libs/platform/src/$1'),
    '^@pulse/testing$': path.join(root, 'libs/testing/src/index.ts'),
  },
  // These ship ES modules only (or, as @fastify/cookie, import one). Jest could load them as such
  // (--experimental-vm-modules, .npmrc), but it links an ES module graph again in every test file and keeps
  // it: workers grew to Node's 4 GB heap limit in a full run. Compiled once by SWC to CommonJS and cached,
  // they cost a spec little; dynamic imports become requires (docs/testing.md 'ES modules in Jest'). The
  // pattern also reaches copies nested under another package's node_modules.
  transformIgnorePatterns: [`^(?!.*/node_modules/(${ESM_PACKAGES.join('|')})/).*/node_modules/`],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};
