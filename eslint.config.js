// Lint rules for every project. The module-boundary rule is what keeps services independent: a service
// may import only the shared libraries, never another service (docs/design.md §1, STYLE.md).
const nx = require('@nx/eslint-plugin');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');

/**
 * Which project may import which. `type:testing` (libs/testing: contract suites, test servers, stubs) is
 * reachable only from code that never ships: spec files, each project's `testing/` folder, and the test and
 * benchmark projects. Production code importing it fails lint, so a test helper cannot end up in dist/.
 */
function moduleBoundaries({ testCode }) {
  const testing = testCode ? ['type:testing'] : [];
  return {
    allow: [],
    // libs/platform's specs run the contract suites of libs/testing, which are typed against
    // libs/platform's ports: a cycle through test files only, which no runtime code follows.
    ignoredCircularDependencies: [['@pulse/platform', '@pulse/testing']],
    depConstraints: [
      { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', ...testing] },
      { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib', ...testing] },
      { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:lib', ...testing] },
      { sourceTag: 'type:frontend', onlyDependOnLibsWithTags: ['type:lib', 'type:frontend-lib', ...testing] },
      // The shared front-end library reads contract types and constants, nothing else.
      { sourceTag: 'type:frontend-lib', onlyDependOnLibsWithTags: ['type:lib', ...testing] },
      { sourceTag: 'type:launcher', onlyDependOnLibsWithTags: ['type:lib', 'type:service', 'type:gateway'] },
      // The test library builds on the libraries it tests, never on a service.
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib', 'type:testing'] },
      // Tests and benchmarks may reach every project (a front end's renderer, another test's harness),
      // always by its package name.
      {
        sourceTag: 'type:test',
        onlyDependOnLibsWithTags: [
          'type:lib',
          'type:testing',
          'type:service',
          'type:gateway',
          'type:launcher',
          'type:frontend',
          'type:frontend-lib',
          'type:test',
        ],
      },
    ],
  };
}

/** Files that never ship: specs and the `testing/` folders (scripts/build-server.js compiles neither). */
const TEST_CODE = ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**/*.ts', '**/testing/**/*.tsx'];

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.cache/**', '.data/**', '.nx/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ testCode: false })],
    },
  },
  {
    // Specs and testing/ folders may use libs/testing; the rule above refuses it everywhere else.
    files: TEST_CODE,
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ testCode: true })] },
  },
  {
    // A promise nobody awaits loses its rejection (an unhandled rejection ends a Node process) and its
    // ordering; a promise handed where a void callback is expected does the same. Both need the types,
    // so every TypeScript file is read through the tsconfig.json nearest to it.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The front ends: hooks called in a fixed order with complete dependency lists, and markup that a
    // keyboard and a screen reader can use.
    files: ['frontends/**/*.ts', 'frontends/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Build and tool configuration files are CommonJS by nature.
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
