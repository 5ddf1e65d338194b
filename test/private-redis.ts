// A redis-server of the caller's own on a free loopback port: for tests that FLUSHALL (they must not wipe the shared
// one other files use) and for benchmarks that read Redis's CPU time (/proc/<pid>) without other users' load in it.
// No vitest here, so a script can import it.
import { spawn } from 'node:child_process';
import { createRedis } from '@mcptest/redis';
import { freePort } from './mcp-servers';

export interface PrivateRedis {
  readonly url: string;
  /** The redis-server process (read its CPU time from /proc/<pid>/stat). */
  readonly pid: number;
  stop(): Promise<void>;
}

export async function startPrivateRedis(timeoutMs = 10_000): Promise<PrivateRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const gone = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGKILL');
    await gone;
  };
  const url = `redis://127.0.0.1:${port}`;
  const probe = createRedis({ url, name: 'probe' });
  probe.on('error', () => {});
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}) before it answered`);
      const pong = await probe.ping().catch(() => undefined);
      if (pong === 'PONG') break;
      if (Date.now() > deadline) throw new Error(`the private redis-server did not answer within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    probe.disconnect();
  }
  return { url, pid: child.pid ?? -1, stop };
}
