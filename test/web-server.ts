// Starts the real web app (`next dev`) for HTTP tests, against the test file's database and Redis prefix.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './mcp-servers';

export interface RunningWeb {
  readonly url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `next dev` on a free port with the given env, in a build folder of its own (`.next-test-<port>`, removed after), so
 * it can run beside a developer's server. Routes compile on their first request (a few seconds each).
 */
export async function startWebServer(env: Record<string, string>, timeoutMs = 90_000): Promise<RunningWeb> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const distDir = `.next-test-${port}`;
  const child = spawn(path.resolve('node_modules/.bin/next'), ['dev', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: path.resolve('apps/web'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      NEXT_TELEMETRY_DISABLED: '1',
      MCPTEST_NEXT_DIST_DIR: distDir,
      APP_URL: url,
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next dev exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`next dev did not answer within ${timeoutMs} ms:\n${output}`);
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
      const { rm } = await import('node:fs/promises');
      await rm(path.resolve('apps/web', distDir), { recursive: true, force: true });
    },
  };
}
