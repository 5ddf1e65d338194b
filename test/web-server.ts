// Starts the real web app for HTTP and browser tests, against the test file's database and Redis prefix: the
// production build (made once per source state, shared by every file: scripts/lib/web-build.mjs) under `next start`,
// or `next dev` where a test needs it (MCPTEST_TEST_NEXT_DEV=1 for all, e.g. while changing the app).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { ensureWebBuild } from '../scripts/lib/web-build.mjs';
import { freePort } from './mcp-servers';

/** The tests' build folder (apps/web), apart from `npm start`'s `.next` so neither invalidates the other. */
export const TEST_DIST_DIR = '.next-test-build';

/** Builds the web app for the tests unless the build matches the sources (global set-up and each start call it). */
export function ensureTestBuild(log: (message: string) => void = () => {}): Promise<boolean> {
  return ensureWebBuild({ distDir: TEST_DIST_DIR, quiet: true, log });
}

export interface RunningWeb {
  readonly url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The web app on a free port with the given env: `next start` of the tests' production build (built first if the
 * sources changed), or with `dev` `next dev` in a build folder of its own (`.next-test-<port>`, removed after), whose
 * routes compile on their first request (seconds each).
 */
export async function startWebServer(
  env: Record<string, string>,
  timeoutMs = 90_000,
  dev = process.env.MCPTEST_TEST_NEXT_DEV === '1',
): Promise<RunningWeb> {
  // Built by the global set-up: never rebuilt under running servers of the same run (a source edited meanwhile waits
  // for the next run). Otherwise this file builds it (or waits for another file that is building it).
  if (!dev && !inject('webBuildReady')) await ensureTestBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const distDir = dev ? `.next-test-${port}` : TEST_DIST_DIR;
  const child = spawn(
    path.resolve('node_modules/.bin/next'),
    [dev ? 'dev' : 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: path.resolve('apps/web'),
      env: {
        ...process.env,
        NODE_ENV: dev ? 'development' : 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        MCPTEST_NEXT_DIST_DIR: distDir,
        MCPTEST_NEXT_LOCAL_BUILD: '1',
        APP_URL: url,
        PORT: String(port),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next ${dev ? 'dev' : 'start'} exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the web app did not answer within ${timeoutMs} ms:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    output: () => output,
    async stop() {
      // next dev starts workers of its own: stop the whole process group.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      // The shared build stays for the next file; a dev server's own folder goes.
      if (!dev) return;
      const { rm } = await import('node:fs/promises');
      await rm(path.resolve('apps/web', distDir), { recursive: true, force: true });
    },
  };
}
