// A local Redis Cluster for tests: three primaries on loopback ports this process picks, no replicas, no persistence.
// Started by vitest's global set-up when MCPTEST_TEST_REDIS=cluster (test/env.ts), shared by every test file (each
// has its own key prefix, as on a single Redis), and stopped by pid.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clusterRedisUrl } from '@mcptest/core';

export interface LocalRedisCluster {
  /** `redis+cluster://127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3`: what REDIS_URL takes to select cluster mode. */
  readonly url: string;
  readonly ports: readonly number[];
  stop(): Promise<void>;
}

/** Whether the port and its cluster-bus port (port + 10000) are both free on loopback. */
async function free(port: number): Promise<boolean> {
  const tryListen = (p: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(p, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  return (await tryListen(port)) && tryListen(port + 10_000);
}

async function pickPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    // Below 55535 so the bus port is a valid port too.
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (!ports.includes(port) && (await free(port))) ports.push(port);
  }
  return ports;
}

function cli(port: number, ...args: string[]): string {
  const result = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`redis-cli ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return result.stdout;
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (check()) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error(`local Redis Cluster: ${what} not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts `primaries` redis-server processes in cluster mode, joins them with `redis-cli --cluster create`. */
export async function startRedisCluster(primaries = 3): Promise<LocalRedisCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcptest-redis-cluster-'));
  const ports = await pickPorts(primaries);
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.pid === undefined) return resolve();
            child.once('exit', () => resolve());
            process.kill(child.pid, 'SIGTERM');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          path.join(dir, `nodes-${port}.conf`),
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'no',
          '--daemonize',
          'no',
          '--loglevel',
          'warning',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      children.push(child);
    }
    for (const port of ports) await waitFor(`PING on ${port}`, () => cli(port, 'PING').trim() === 'PONG', 10_000);
    cli(
      ports[0]!,
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    );
    for (const port of ports) {
      await waitFor(
        `cluster_state:ok on ${port}`,
        () => cli(port, 'CLUSTER', 'INFO').includes('cluster_state:ok'),
        20_000,
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: clusterRedisUrl(ports.map((port) => ({ host: '127.0.0.1', port }))), ports, stop };
}
