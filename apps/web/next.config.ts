import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';
import { PHASE_DEVELOPMENT_SERVER } from 'next/constants';

/** The monorepo root: standalone output traces workspace packages and hoisted node_modules from here. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The Content-Security-Policy of the app's pages. Scripts and styles only from the app itself; 'unsafe-inline' because
 * the App Router streams its data as inline scripts and a nonce would need per-request rendering of every page, and
 * because CodeMirror and the charts set styles inline; nothing is framed, posted or fetched elsewhere except GitHub's
 * sign-in (form-action, for the no-JavaScript redirect). `next dev` adds eval (React's dev tooling) and its reload
 * websocket. Badges answer with their own stricter policy (server/services/badges/badge-response.ts).
 */
function contentSecurityPolicy(development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://github.com",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Hosts `next dev` serves its own scripts and reload socket to. Next allows only `localhost` (and the `-H` host) by
 * default, so a page opened at http://127.0.0.1:3000 loaded no scripts and never hydrated (its forms then fell back to
 * native submissions). Loopback in every spelling, and APP_URL's host: the names people open this app under.
 */
function devOrigins(): string[] {
  const hosts = ['127.0.0.1', '::1', '[::1]', 'localhost'];
  try {
    // eslint-disable-next-line no-restricted-properties -- build configuration, read by Next before any app module.
    const appUrl = process.env.APP_URL;
    if (appUrl) hosts.push(new URL(appUrl).hostname);
  } catch {
    // an invalid APP_URL is reported by env.ts when the server starts
  }
  return [...new Set(hosts)];
}

// eslint-disable-next-line no-restricted-properties -- build configuration, read by Next before any app module.
const localBuild = process.env.MCPTEST_NEXT_LOCAL_BUILD === '1';

const config = (phase: string): NextConfig => ({
  allowedDevOrigins: devOrigins(),
  // Tests run their own `next dev` beside a developer's; a separate build folder keeps them from clobbering each other.
  // eslint-disable-next-line no-restricted-properties -- build configuration, read by Next before any app module.
  distDir: process.env.MCPTEST_NEXT_DIST_DIR ?? '.next',
  // Workspace packages export their TypeScript source; Next compiles them like app code.
  transpilePackages: ['@mcptest/core', '@mcptest/db', '@mcptest/redis', '@mcptest/mcp'],
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
  // The container image runs the standalone server. `npm start` and the tests build for this machine
  // (scripts/lib/web-build.mjs sets MCPTEST_NEXT_LOCAL_BUILD=1): they serve the build in place with `next start`, so
  // copying the traced files is wasted, and `npm test` type-checks separately, so the build's own check is skipped
  // (minutes on two cores).
  ...(localBuild ? {} : { output: 'standalone' as const }),
  typescript: { ignoreBuildErrors: localBuild },
  outputFileTracingRoot: repoRoot,
  turbopack: { root: repoRoot },
  poweredByHeader: false,
  // The dev-mode badge would cover the corner of every page (and of the browser tests' screenshots).
  devIndicators: false,
  reactStrictMode: true,
  // forbidden() renders app/forbidden.tsx with a 403 when a member's role is below what a page needs.
  experimental: { authInterrupts: true },
  // No page may be framed (clickjacking): X-Frame-Options for old browsers, frame-ancestors for the rest. Badges are
  // embedded as images, which neither header restricts.
  async headers() {
    return [
      { source: '/:path*', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] },
      {
        source: '/:path((?!api/badges/).*)',
        headers: [{ key: 'Content-Security-Policy', value: contentSecurityPolicy(phase === PHASE_DEVELOPMENT_SERVER) }],
      },
    ];
  },
});

export default config;
