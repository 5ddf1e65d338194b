import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

/** The monorepo root: standalone output traces workspace packages and hoisted node_modules from here. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const config: NextConfig = {
  // Tests run their own `next dev` beside a developer's; a separate build folder keeps them from clobbering each other.
  // eslint-disable-next-line no-restricted-properties -- build configuration, read by Next before any app module.
  distDir: process.env.MCPTEST_NEXT_DIST_DIR ?? '.next',
  // Workspace packages export their TypeScript source; Next compiles them like app code.
  transpilePackages: ['@mcptest/core', '@mcptest/db', '@mcptest/queue', '@mcptest/mcp'],
  // Loaded with Node's require at run time instead of bundled (connection pools, native-ish drivers, worker threads).
  serverExternalPackages: [
    'pg',
    'ioredis',
    'bullmq',
    'pino',
    '@prisma/client',
    '@prisma/adapter-pg',
    'undici',
    '@modelcontextprotocol/sdk',
    'rate-limiter-flexible',
  ],
  output: 'standalone',
  outputFileTracingRoot: repoRoot,
  turbopack: { root: repoRoot },
  poweredByHeader: false,
  // The dev-mode badge would cover the corner of every page (and of the browser tests' screenshots).
  devIndicators: false,
  reactStrictMode: true,
  // forbidden() renders app/forbidden.tsx with a 403 when a member's role is below what a page needs.
  experimental: { authInterrupts: true },
};

export default config;
