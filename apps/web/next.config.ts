import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

/** The monorepo root: standalone output traces workspace packages and hoisted node_modules from here. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const config: NextConfig = {
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
  reactStrictMode: true,
};

export default config;
