import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stopChild } from '../../../test/mcp-servers';
import type { EverythingServer } from './everything-server';

/**
 * Starts the modern-only SDK v2 server of test/modern-server.ts (2026-07-28, stateless, `legacy: 'reject'`) in a child
 * process: `node --import tsx` (node itself, so the child's pid is the server's and `stop` ends exactly it). Same
 * shape as server-everything's handle, so the benchmarks treat both eras alike.
 */
export async function startModernBenchServer(): Promise<EverythingServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('scripts/bench/lib/modern-server-child.ts')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const stop = () => stopChild(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the modern server did not start within 20 s:\n${log}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        try {
          resolve((JSON.parse(line) as { url: string }).url);
        } catch {
          reject(new Error(`the modern server printed ${line}`));
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the modern server exited early (${code}):\n${log}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  if (pid === undefined) throw new Error('the modern server has no pid');
  return {
    url,
    pid,
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
