// Lint rules for every project. The module-boundary rule is what keeps services independent: a service
// may import only the shared libraries, never another service (docs/design.md §1, STYLE.md).
const nx = require('@nx/eslint-plugin');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.cache/**', '.data/**', '.nx/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          // libs/platform's specs run the contract suites of libs/testing, which are typed against
          // libs/platform's ports: a cycle through test files only, which no runtime code follows.
          ignoredCircularDependencies: [['@pulse/platform', '@pulse/testing']],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:frontend', onlyDependOnLibsWithTags: ['type:lib', 'type:frontend-lib'] },
            // The shared front-end library reads contract types and constants, nothing else.
            { sourceTag: 'type:frontend-lib', onlyDependOnLibsWithTags: ['type:lib'] },
            {
              sourceTag: 'type:launcher',
              onlyDependOnLibsWithTags: ['type:lib', 'type:service', 'type:gateway'],
            },
            // Tests and benchmarks may reach every project (a front end's renderer, another test's harness),
            // always by its package name.
            {
              sourceTag: 'type:test',
              onlyDependOnLibsWithTags: [
                'type:lib',
                'type:service',
                'type:gateway',
                'type:launcher',
                'type:frontend',
                'type:frontend-lib',
                'type:test',
              ],
            },
          ],
        },
      ],
    },
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
    // Service time comes from the injected platform Clock (libs/platform/src/clock.ts), so a test can set
    // it and expiry, windows and schedules stay exact: service production code may not read the wall
    // clock itself. A measured real duration (a wait budget, pacing) reads performance.now() instead.
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/testing/**'],
    plugins: {
      'pulse-clock': {
        rules: {
          'no-wall-clock': {
            meta: {
              type: 'problem',
              messages: {
                wallClock: '{{what}} reads the wall clock: inject CLOCK from @pulse/platform instead.',
              },
              schema: [],
            },
            create: (context) => ({
              "MemberExpression[object.name='Date'][property.name='now']": (node) =>
                context.report({ node, messageId: 'wallClock', data: { what: 'Date.now' } }),
              "NewExpression[callee.name='Date'][arguments.length=0]": (node) =>
                context.report({ node, messageId: 'wallClock', data: { what: 'new Date()' } }),
            }),
          },
        },
      },
    },
    rules: { 'pulse-clock/no-wall-clock': 'error' },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
