import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export interface RunningServer {
  /** The MCP endpoint: .../mcp for Streamable HTTP, .../sse for legacy SSE. */
  readonly url: string;
  readonly port: number;
  /** Output so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Asks the OS for a free port (bind to 0, read, close); a tiny race with other processes is acceptable in tests. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:`port` now (one attempt). */
export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Ends a child process: SIGTERM, then SIGKILL after 3 s if it has not exited (a server stuck in shutdown). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before listening:\n${output()}`);
    if (await canConnect(port)) return;
    if (Date.now() > deadline) throw new Error(`server did not listen on ${port} within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts @modelcontextprotocol/server-everything on a free port, from node_modules/.bin (never through npx, whose
 * child would outlive a kill), and stops it by pid.
 */
export async function startEverythingServer(
  mode: 'streamableHttp' | 'sse' = 'streamableHttp',
  /** A port to listen on (a restart on the same address); default a free one. */
  onPort?: number,
): Promise<RunningServer> {
  const port = onPort ?? (await freePort());
  const bin = path.resolve('node_modules/.bin/mcp-server-everything');
  const child = spawn(bin, [mode], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  try {
    await waitForPort(port, child, 20_000, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}/${mode === 'sse' ? 'sse' : 'mcp'}`,
    port,
    output: () => log,
    stop: () => stopChild(child),
  };
}
