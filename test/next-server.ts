// Spawns the web app (`next start` of a build, or `next dev`) on a free port and waits for /api/health: the one launcher
// of the HTTP and browser tests (test/web-server.ts) and the page benchmark (scripts/bench/pages.ts). No vitest here,
// so a script can import it.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './mcp-servers';

export interface RunningWeb {
  readonly url: string;
  output(): string;
  stop(): Promise<void>;
}

export interface StartNextOptions {
  /** `next dev` (routes compile on their first request) instead of `next start`. */
  dev: boolean;
  /** The build folder (apps/web) `next start` serves; the caller has built it. */
  distDir: string;
  /** `next dev` builds in a folder of its own, this prefix and the port, removed on stop. */
  devDistDirPrefix: string;
  /** Added to the process env (APP_URL and PORT are the server's own unless given). */
  env: Record<string, string>;
  timeoutMs: number;
}

/** Starts the web app; stop() ends its whole process group (next dev starts workers of its own). */
export async function startNext(options: StartNextOptions): Promise<RunningWeb> {
  const { dev, env, timeoutMs } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const distDir = dev ? `${options.devDistDirPrefix}${port}` : options.distDir;
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
      await rm(path.resolve('apps/web', distDir), { recursive: true, force: true });
    },
  };
}
