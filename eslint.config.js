// Lint rules for every project. The module-boundary rule is what keeps services independent: a service
// may import only the shared libraries, never another service (docs/design.md §1, STYLE.md).
const nx = require('@nx/eslint-plugin');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');

// Request input is parsed at the edge: a controller's @Body(), @Query() and @Param() go through a pipe (ZodPipe with
// the contracts' schema), so services receive typed, parsed values and never parse request input themselves
// (CONTRIBUTING.md '3. Add an HTTP endpoint'). A service that must parse (a merged patch, a form answered
// with a page) says why on the line, with an eslint-disable comment naming the rule.
const PARSE_METHODS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);
const NOT_SCHEMAS = new Set(['JSON', 'Date', 'Number', 'URL']);
const edgeInput = {
  rules: {
    'input-through-pipe': {
      meta: { type: 'problem', schema: [] },
      create: (context) => ({
        Decorator(node) {
          const call = node.expression;
          if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier') return;
          if (!['Body', 'Query', 'Param'].includes(call.callee.name)) return;
          // A pipe is any argument that is not the property name ('@Body(new ZodPipe(schema))',
          // "@Param('id', new ZodPipe(idParamSchema))").
          if (call.arguments.some((argument) => argument.type !== 'Literal')) return;
          context.report({
            node,
            message: `@${call.callee.name}() without a pipe: parse it here with ZodPipe`,
          });
        },
        'Identifier[decorators.length>0] > TSTypeAnnotation > TSUnknownKeyword'(node) {
          context.report({
            node,
            message: 'a controller input typed unknown: give it a pipe and its parsed type',
          });
        },
      }),
    },
    'no-parse-in-services': {
      meta: { type: 'problem', schema: [] },
      create: (context) => ({
        CallExpression(node) {
          const callee = node.callee;
          if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
          if (!PARSE_METHODS.has(callee.property.name)) return;
          if (callee.object.type === 'Identifier' && NOT_SCHEMAS.has(callee.object.name)) return;
          // An injected collaborator's own parse (the feed parser stage, `this.stages.parse`) is no schema.
          if (callee.object.type === 'MemberExpression' && callee.object.object.type === 'ThisExpression')
            return;
          context.report({
            node,
            message: 'a service parses its input: parse it at the edge (ZodPipe in the controller)',
          });
        },
      }),
    },
  },
};

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
  (() => {
    // Queries live in repositories: a service asks for `markPublished(id, at)`, it does not build
    // `{ $set: … }`. So a MongoDB operator (as an object key or a string) is refused everywhere except
    // the repositories, the store adapters (the document store itself, the outbox and the bus's
    // processed ids in libs/platform) and test code (specs, testing/ folders, contract suites, benches).
    const OPERATORS = new Set(
      [
        // query
        'eq ne gt gte lt lte in nin and or nor not exists type regex options elemMatch size all mod',
        'where expr text jsonSchema comment',
        // update
        'set unset inc mul min max rename currentDate setOnInsert push pushAll addToSet pull pullAll pop',
        'each slice sort position bit',
        // aggregation stages, accumulators and expressions
        'match group project addFields unwind limit skip count lookup facet replaceRoot replaceWith sample',
        'out merge bucket bucketAuto sortByCount unionWith setWindowFields graphLookup densify fill',
        'sum avg first last cond ifNull switch concat concatArrays substr substrCP toLower toUpper split',
        'dateToString arrayElemAt filter map reduce literal add subtract multiply divide abs floor ceil',
        'round strLenCP indexOfArray isArray objectToArray arrayToObject mergeObjects toString toInt',
      ]
        .join(' ')
        .split(' ')
        .map((name) => `$${name}`),
    );
    const noMongoOperators = {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          operator:
            "MongoDB operator '{{name}}' outside a repository: give the repository a named method (CONTRIBUTING.md 'House rules').",
        },
      },
      create(context) {
        const report = (node, name) => context.report({ node, messageId: 'operator', data: { name } });
        return {
          Property(node) {
            if (!node.computed && node.key.type === 'Identifier' && OPERATORS.has(node.key.name))
              report(node.key, node.key.name);
          },
          Literal(node) {
            if (typeof node.value === 'string' && OPERATORS.has(node.value)) report(node, node.value);
          },
        };
      },
    };
    return {
      files: ['**/*.ts', '**/*.tsx'],
      ignores: [
        '**/*.repository.ts',
        'libs/platform/src/store/**',
        'libs/platform/src/outbox/**',
        'libs/platform/src/bus/core/store-processed-ids.ts',
        '**/*.spec.ts',
        '**/*.spec.tsx',
        '**/testing/**',
        'libs/testing/**',
        'test/**',
        'bench/**',
      ],
      plugins: { 'repository-queries': { rules: { 'no-mongo-operators': noMongoOperators } } },
      rules: { 'repository-queries/no-mongo-operators': 'error' },
    };
  })(),
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
  {
    files: ['services/**/*.controller.ts', 'gateway/**/*.controller.ts'],
    plugins: { 'edge-input': edgeInput },
    rules: { 'edge-input/input-through-pipe': 'error' },
  },
  {
    files: ['services/**/*.service.ts', 'gateway/**/*.service.ts'],
    ignores: ['**/*.spec.ts'],
    plugins: { 'edge-input': edgeInput },
    rules: { 'edge-input/no-parse-in-services': 'error' },
  },
);
