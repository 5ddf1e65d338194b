// Starts the real web app for HTTP and browser tests, against the test file's database and Redis prefix: the
// production build (made once per source state, shared by every file: scripts/lib/web-build.mjs) under `next start`,
// or `next dev` where a test needs it (MCPTEST_TEST_NEXT_DEV=1 for all, e.g. while changing the app).
import { inject } from 'vitest';
import { ensureWebBuild } from '../scripts/lib/web-build.mjs';
import { startNext, type RunningWeb } from './next-server';

/** The tests' build folder (apps/web), apart from `npm start`'s `.next` so neither invalidates the other. */
export const TEST_DIST_DIR = '.next-test-build';

/** Builds the web app for the tests unless the build matches the sources (global set-up and each start call it). */
export function ensureTestBuild(log: (message: string) => void = () => {}): Promise<boolean> {
  return ensureWebBuild({ distDir: TEST_DIST_DIR, quiet: true, log });
}

export type { RunningWeb } from './next-server';

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
  return startNext({ dev, distDir: TEST_DIST_DIR, devDistDirPrefix: '.next-test-', env, timeoutMs });
}
