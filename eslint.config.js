// Lint rules that encode the house rules of docs/ARCHITECTURE.md, so review does not have to.
import js from '@eslint/js';
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

/** What each layer may not import (DESIGN.md "Rules of the house"). */
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
  {
    group: ['@mcptest/db', '@mcptest/mcp', '@mcptest/redis', '@mcptest/cli'],
    message: 'packages/core depends on nothing else in the repo.',
  },
];
const ONLY_IN = (what, owner) => ({
  group: what,
  message: `Only ${owner} imports this; use its exports instead.`,
});

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
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-properties': [
        'error',
        ENV_RULE,
        {
          property: 'unscoped',
          message:
            'db.unscoped bypasses tenant scoping. Use db.tenant(id) or db.global; where cross-tenant access is the point (reconciler, scheduler), disable this rule on the line and say why.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ONLY_IN(MCP_CLIENT_SDKS, 'packages/mcp'),
            ONLY_IN(
              ['@prisma/client', '@prisma/client/*', '@prisma/adapter-pg', '**/generated/prisma/*'],
              'packages/db',
            ),
            ONLY_IN(['bullmq', 'ioredis'], 'packages/redis'),
          ],
        },
      ],
    },
  },
  // The owners of each dependency.
  {
    files: ['packages/mcp/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ONLY_IN(['@prisma/client', '@prisma/client/*', '**/generated/prisma/*'], 'packages/db'),
            ONLY_IN(['bullmq', 'ioredis'], 'packages/redis'),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [ONLY_IN(MCP_CLIENT_SDKS, 'packages/mcp'), ONLY_IN(['bullmq', 'ioredis'], 'packages/redis')],
        },
      ],
      'no-restricted-properties': ['error', ENV_RULE],
    },
  },
  {
    files: ['packages/redis/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ONLY_IN(MCP_CLIENT_SDKS, 'packages/mcp'),
            ONLY_IN(['@prisma/client', '@prisma/client/*', '**/generated/prisma/*'], 'packages/db'),
          ],
        },
      ],
    },
  },
  // packages/core: pure. Tests beside it may not do I/O either (they are table tests).
  {
    files: ['packages/core/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: IO_PACKAGES }],
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
