// Lint rules that encode the house rules of docs/ARCHITECTURE.md, so review does not have to.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The MCP client SDKs: v1 (the 2025 era) and v2's split client packages (2026-07-28); packages/mcp/src/session owns them. */
const MCP_CLIENT_SDKS = [
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/sdk/*',
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/client/*',
  '@modelcontextprotocol/core',
  '@modelcontextprotocol/core/*',
];

const ENV_RULE = {
  object: 'process',
  property: 'env',
  message:
    'Read the environment only in the app’s env module (env.ts), validated with zod; pass values down as options.',
};

/** What packages/core may not import besides other workspace packages: it is pure (docs/ARCHITECTURE.md). */
const IO_PACKAGES = [
  {
    group: [
      'node:fs',
      'fs',
      'node:fs/*',
      'fs/*',
      'node:net',
      'net',
      'node:http',
      'http',
      'node:https',
      'https',
      'node:child_process',
      'child_process',
      'node:dns',
      'dns',
    ],
    message: 'packages/core is pure: no I/O. Take data, return data; do I/O in packages/mcp, db, redis or the apps.',
  },
  {
    group: ['pg', 'ioredis', 'bullmq', '@prisma/*', 'undici', ...MCP_CLIENT_SDKS],
    message: 'packages/core is pure: no I/O clients.',
  },
];
const ONLY_IN = (what, owner) => ({
  group: what,
  message: `Only ${owner} imports this; use its exports instead.`,
});

/**
 * The package fences of docs/ARCHITECTURE.md ("May import"): each workspace folder, its package name, and the workspace
 * packages it may import. Everything else in the repo is refused by name and by a relative path climbing into it.
 */
const WORKSPACE = {
  core: { folder: 'packages/core', name: '@mcptest/core', mayImport: [] },
  mcp: { folder: 'packages/mcp', name: '@mcptest/mcp', mayImport: ['core'] },
  db: { folder: 'packages/db', name: '@mcptest/db', mayImport: ['core'] },
  // db only until the Postgres writes leave packages/redis/src/runs/cancel-run.ts (issue 16 item 3).
  redis: { folder: 'packages/redis', name: '@mcptest/redis', mayImport: ['core', 'db'] },
  cli: { folder: 'packages/cli', name: '@mcptest/cli', mayImport: ['core', 'mcp'] },
  runner: { folder: 'workers/runner', name: '@mcptest/runner', mayImport: ['core', 'mcp', 'db', 'redis'] },
  web: { folder: 'apps/web', name: '@mcptest/web', mayImport: ['core', 'db', 'redis', 'mcp'] },
};

/** Which package owns each I/O dependency (the only importer of it). */
const OWNERS = {
  mcp: ONLY_IN(MCP_CLIENT_SDKS, 'packages/mcp'),
  db: ONLY_IN(['@prisma/client', '@prisma/client/*', '@prisma/adapter-pg', '**/generated/prisma/*'], 'packages/db'),
  redis: ONLY_IN(['bullmq', 'ioredis'], 'packages/redis'),
};

const ALIAS = {
  group: ['@/*', '@/**'],
  message: '`@/` is apps/web’s own alias (its modules under apps/web/src); only apps/web and test/ use it.',
};

// apps/web reaches its own modules through `@/`; a relative import stays in its folder. Climbing is left for the test
// helpers in test/, the package manifest (its version) and next.config (outside src).
const WEB_CLIMB = {
  regex: '^(?:\\.\\./)+(?!\\.\\./)(?!test/|package\\.json$|next\\.config$)',
  message: 'apps/web imports its own modules as `@/<path under apps/web/src>`; relative imports stay in their folder.',
};

/** The import patterns refused in workspace package `key`. */
function fence(key) {
  const { folder, mayImport } = WORKSPACE[key];
  const others = Object.keys(WORKSPACE).filter((other) => other !== key && !mayImport.includes(other));
  const allowed =
    mayImport.length === 0 ? 'nothing else in the repo' : mayImport.map((k) => WORKSPACE[k].name).join(', ');
  const message = `${folder} may import ${allowed} (docs/ARCHITECTURE.md, "May import").`;
  const patterns = [
    { group: others.flatMap((other) => [WORKSPACE[other].name, `${WORKSPACE[other].name}/*`]), message },
    // The same package reached around its name: '../../../db/src/…' or '../../../../packages/db/…'.
    ...others.map((other) => {
      const target = WORKSPACE[other].folder;
      return { regex: `^(?:\\.\\./)+(?:${target}|${target.split('/')[1]}/src)(?:/|$)`, message };
    }),
    ...Object.entries(OWNERS)
      .filter(([owner]) => owner !== key)
      .map(([, pattern]) => pattern),
  ];
  return key === 'web' ? [...patterns, WEB_CLIMB] : [...patterns, ALIAS];
}
// Type-aware rules need a TypeScript program per file: the project service finds each file's tsconfig (scripts/*.mjs
// have scripts/tsconfig.json for this); these two JavaScript files alone have none.
const TYPED = {
  parserOptions: {
    projectService: { allowDefaultProject: ['eslint.config.js', 'packages/cli/bin/mcptest.js'] },
    tsconfigRootDir: import.meta.dirname,
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      '**/.next-test-*/**',
      '**/.next-*/**',
      '**/*.tmp.mts',
      'test-artifacts/**',
      'packages/db/src/generated/**',
      '**/next-env.d.ts',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module', ...TYPED },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A promise nobody awaits loses its rejection (an unhandled rejection kills the worker) and its ordering; tests
      // included, where a missed await makes an assertion pass vacuously. Fire-and-forget is spelled `void p` with a
      // comment saying why, and the promise handles its own errors.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'no-restricted-properties': [
        'error',
        ENV_RULE,
        {
          property: 'unscoped',
          message:
            'db.unscoped bypasses tenant scoping. Use db.tenant(id) or db.global; where cross-tenant access is the point (reconciler, scheduler), disable this rule on the line and say why.',
        },
      ],
      // Outside the workspace packages (scripts/, config files): the dependency owners, and no apps/web alias.
      'no-restricted-imports': ['error', { patterns: [...Object.values(OWNERS), ALIAS] }],
    },
  },
  // The package fences (docs/ARCHITECTURE.md "May import"), tests beside the code included.
  ...Object.keys(WORKSPACE).map((key) => ({
    files: [`${WORKSPACE[key].folder}/**`],
    rules: {
      'no-restricted-imports': ['error', { patterns: key === 'core' ? [...IO_PACKAGES, ...fence(key)] : fence(key) }],
    },
  })),
  // Test helpers shared across packages compose every package (and the web app's modules through `@/`).
  {
    files: ['test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: Object.values(OWNERS) }] },
  },
  {
    files: ['packages/db/**'],
    rules: { 'no-restricted-properties': ['error', ENV_RULE] },
  },
  // React's hook rules for the web app's components and hooks. Not its tests: vitest fixtures there are named
  // use*() too (useTestDatabase) and are not React hooks.
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The run lifecycle (packages/db/src/runs, docs/ARCHITECTURE.md "Run lifecycle") is the one place that writes a run's
  // status: elsewhere a run.create/update/updateMany/upsert may not set `status`. Tests and benchmarks that need a
  // finished run call seedRun. (packages/core sets its own no-restricted-syntax below; it has no database.)
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['packages/db/src/runs/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "> ObjectExpression > Property[key.name=/^(data|create|update)$/] > ObjectExpression > Property[key.name='status']",
          "> ObjectExpression > Property[key.name='data'] > ArrayExpression > ObjectExpression > Property[key.name='status']",
        ].map((tail) => ({
          selector: `CallExpression[callee.property.name=/^(create|createMany|update|updateMany|upsert)$/][callee.object.property.name='run'] ${tail}`,
          message:
            "A run's status is written only by the run lifecycle in packages/db/src/runs (createQueuedRun, claimRun, finishRun, recordRunCancel...; seedRun for tests and benchmarks).",
        })),
      ],
    },
  },
  // packages/core: pure. Tests beside it may not do I/O either (they are table tests).
  {
    files: ['packages/core/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'packages/core is pure: no network.' },
        { name: 'Buffer', message: 'packages/core is pure and portable: use Uint8Array, atob/btoa, TextEncoder.' },
        {
          name: 'setTimeout',
          message: 'packages/core is pure: take `now` as an argument instead of reading clocks or timers.',
        },
        { name: 'setInterval', message: 'packages/core is pure: no timers.' },
      ],
      'no-restricted-properties': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process']",
          message: 'packages/core is pure: no process state; the caller passes what it needs (env included).',
        },
      ],
    },
  },
  // The one env module per app, the set-up scripts (which run before dependencies exist), and config files.
  {
    files: ['**/env.ts', 'scripts/**', '*.config.ts', '*.config.js', 'test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Spawned children inherit the environment; passing process.env through is not reading it.
  {
    files: ['**/*.test.ts', 'test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'unscoped', message: 'Tests go through db.tenant(id) or db.global like the app.' },
      ],
    },
  },
);
