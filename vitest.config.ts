import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // apps/web's own import alias (tsconfig.base.json `paths`), for its modules loaded by tests.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }] },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'workers/*/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fast-check-setup.ts'],
    // Each file has its own database and Redis prefix, so files run in parallel; tests inside a file run in order.
    pool: 'forks',
    maxWorkers: 3,
    // next-auth imports `next/server` without an extension, which Node's ESM resolver refuses; inlined, Vite resolves
    // it (UI server modules import the Auth.js instance).
    server: { deps: { inline: ['next-auth'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
