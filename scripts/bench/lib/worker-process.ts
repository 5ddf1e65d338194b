import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { BenchStack } from './stack';

/** The worker process's memory after a full collection (see memory-probe.mjs). */
export interface WorkerMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Whether a collection ran (the process was started with --expose-gc). */
  collected: boolean;
}

export interface WorkerChild {
  readonly pid: number;
  /** Epoch ms of the worker's `run started` log line for the run (after it marked the run RUNNING). */
  started(runId: string, timeoutMs?: number): Promise<number>;
  /** Epoch ms and status of the worker's `run finished` log line for the run. */
  finished(runId: string, timeoutMs?: number): Promise<{ at: number; status: string }>;
  /** How many runs this worker has finished so far, by status. */
  finishedCount(): Map<string, number>;
  memory(): Promise<WorkerMemory>;
  /** CPU time the worker process has used so far, user + system, in milliseconds. */
  cpuMs(): Promise<number>;
  /** The last lines of its output, for error messages. */
  output(): string;
  /** SIGTERM (graceful), then SIGKILL if it has not exited within 15 s. */
  stop(): Promise<void>;
}

/**
 * Starts the real worker entry point (workers/runner/src/main.ts) as a child process against the stack, the way it
 * runs in production (node, not tsx's CLI, so the pid is the worker's), with the memory probe preloaded. Run starts
 * and ends are read from its JSON log lines, whose `time` is the worker's Date.now(): the same clock as this process.
 */
export async function startWorkerProcess(
  stack: BenchStack,
  overrides: Record<string, string> = {},
  readyTimeoutMs = 60_000,
): Promise<WorkerChild> {
  const probe = path.resolve('scripts/bench/lib/memory-probe.mjs');
  // BENCH_CPU_PROF_DIR=<dir>: the worker writes a V8 CPU profile there when it exits (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF_DIR)}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--expose-gc', '--import', 'tsx', '--import', probe, 'workers/runner/src/main.ts'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: stack.databaseUrl,
        REDIS_URL: stack.redisUrl,
        REDIS_PREFIX: stack.prefix,
        // Production refuses the public development key; the benchmark stores no secret, so any fresh key does.
        MCPTEST_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
        // The benchmark's MCP server listens on loopback.
        MCPTEST_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8',
        LOG_LEVEL: 'info',
        WORKER_HEALTH_PORT: '-1',
        WORKER_SHUTDOWN_GRACE_SECONDS: '2',
        ...overrides,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const { pid, stdout, stderr } = child;
  if (pid === undefined || !stdout || !stderr) throw new Error('the worker process did not start');

  let tail = '';
  let partial = '';
  const startedAt = new Map<string, number>();
  const finishedAt = new Map<string, { at: number; status: string }>();
  const counts = new Map<string, number>();
  const waiters = new Set<() => void>();
  let ready = false;
  const onLine = (line: string) => {
    if (!line.startsWith('{')) return;
    let entry: { msg?: string; time?: number; runId?: string; status?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (entry.msg === 'worker ready') ready = true;
    else if (entry.msg === 'run started' && entry.runId && entry.time) startedAt.set(entry.runId, entry.time);
    else if (entry.msg === 'run finished' && entry.runId && entry.time) {
      const status = entry.status ?? 'unknown';
      finishedAt.set(entry.runId, { at: entry.time, status });
      counts.set(status, (counts.get(status) ?? 0) + 1);
    } else return;
    for (const wake of waiters) wake();
  };
  stdout.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
    tail = (tail + chunk.toString()).slice(-6000);
  });
  stderr.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-6000);
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      for (const wake of waiters) wake();
      resolve();
    }),
  );

  /** Resolves with `probe()` once it is defined; rejects when the worker exits or `timeoutMs` passes. */
  const until = <T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value !== undefined) return done(() => resolve(value));
        if (exited) done(() => reject(new Error(`the worker exited while waiting for ${what}:\n${tail}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}:\n${tail}`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });

  let nextId = 0;
  /** One question to the probe (memory-probe.mjs) and its answer. */
  const ask = <T>(type: 'memory' | 'cpu') =>
    new Promise<T>((resolve, reject) => {
      const id = (nextId += 1);
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error(`the worker did not answer the ${type} probe within 10 s`));
      }, 10_000);
      const onMessage = (message: { type?: string; id?: number }) => {
        if (message.type !== type || message.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message as T);
      };
      child.on('message', onMessage);
      child.send({ type, id });
    });
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exit;
    clearTimeout(timer);
  };
  try {
    await until('"worker ready"', () => (ready ? true : undefined), readyTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    pid,
    started: (runId, timeoutMs = 60_000) => until(`run ${runId} to start`, () => startedAt.get(runId), timeoutMs),
    finished: (runId, timeoutMs = 120_000) => until(`run ${runId} to finish`, () => finishedAt.get(runId), timeoutMs),
    finishedCount: () => new Map(counts),
    memory: () => ask<WorkerMemory>('memory'),
    cpuMs: async () => {
      const cpu = await ask<{ user: number; system: number }>('cpu');
      return (cpu.user + cpu.system) / 1000;
    },
    output: () => tail,
    stop,
  };
}
