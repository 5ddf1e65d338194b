import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { canConnect, freePort, stopChild } from '../../../test/mcp-servers';

export interface EverythingServer {
  /** The Streamable HTTP endpoint. */
  url: string;
  pid: number;
  /** The server process's peak RSS so far in bytes (Linux VmHWM), undefined elsewhere. */
  peakRssBytes(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts @modelcontextprotocol/server-everything (Streamable HTTP) from node_modules/.bin on a free port. The bin is
 * the server's own script, so the child's pid is the server's and `stop` ends exactly it.
 */
export async function startEverythingServer(): Promise<EverythingServer> {
  const port = await freePort();
  const bin = path.resolve('node_modules/.bin/mcp-server-everything');
  const child = spawn(bin, ['streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const pid = child.pid;
  const stop = () => stopChild(child);
  const deadline = Date.now() + 20_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || pid === undefined) throw new Error(`server-everything exited early:\n${log}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server-everything did not listen on ${port} within 20 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    pid: pid!,
    peakRssBytes() {
      try {
        const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return match ? Number(match[1]) * 1024 : undefined;
      } catch {
        return undefined;
      }
    },
    stop,
  };
}
