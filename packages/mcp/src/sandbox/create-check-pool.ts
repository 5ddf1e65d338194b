import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';
import { Piscina } from 'piscina';
import type { CheckArgs, CheckOp, CheckTask, CheckValue } from './check-ops';
import type { Checker, CheckRun } from './checker';

export interface CheckPoolOptions {
  /**
   * Most worker threads at once; a run evaluates one check at a time, so as many as the runs executed at once means no
   * check waits for another run's.
   */
  threads: number;
  /** Hard deadline of one check, from when its thread begins it; past it the thread is terminated and replaced. */
  timeoutMs: number;
  /** Heap limit of each thread (`resourceLimits.maxOldGenerationSizeMb`); a check past it ends its thread. */
  maxMemoryMb: number;
  /** The thread's entry; default: check-thread.js beside the bundle, else check-thread.ts bundled once per process. */
  threadEntry?: URL;
}

export interface CheckPool extends Checker {
  readonly options: Readonly<CheckPoolOptions>;
  /** The ids of the pool's live threads (a terminated thread's id is gone; its replacement has a new one). */
  threadIds(): number[];
  /** Ends every thread (checks in flight are rejected as failed). */
  close(): Promise<void>;
}

/** The FAIL reason of a check stopped at its deadline. */
export function checkTimeLimitReason(timeoutMs: number): string {
  return `check exceeded its time limit (${timeoutMs} ms)`;
}

/** The FAIL reason of a check whose thread ran out of its heap. */
export function checkMemoryLimitReason(maxMemoryMb: number): string {
  return `check exceeded its memory limit (${maxMemoryMb} MB)`;
}

/**
 * A pool of worker threads (piscina) that runs the executor's checks of untrusted input (`CHECK_OPS`) with a hard
 * deadline and a heap limit each. A check past its deadline is aborted, which terminates its thread (a thread stuck in
 * a loop cannot be interrupted any other way) and piscina starts another; the check's value is then the reason, which
 * the executor reports as the assertion's FAIL. This thread's event loop (heartbeats, lock renewals, other tenants'
 * runs) never waits for a check. Only ids and data cross the boundary (structured clone).
 */
export function createCheckPool(options: CheckPoolOptions): CheckPool {
  const filename = (options.threadEntry ?? defaultThreadEntry()).href;
  const pool = new Piscina<CheckTask, unknown>({
    filename,
    // One thread kept warm, more started when checks run side by side (a thread's boot does not count against a
    // check's deadline) and ended after a minute unused: a worker of concurrency 16 does not hold 16 heaps when idle.
    minThreads: 1,
    maxThreads: options.threads,
    idleTimeout: 60_000,
    // Tasks reach a thread as messages: piscina's default Atomics.wait hand-off cost 0.34 ms of wall and 0.26 ms of
    // CPU per check here, against 0.10 and 0.10 ms this way (docs/benchmarks.md, target g).
    atomics: 'disabled',
    resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb },
    // The thread runs one plain JavaScript file and needs none of the process's flags; inheriting them broke thread
    // start-up under `node --expose-gc --import tsx --import <probe>` (the benchmark's worker), and checks waited 60 s.
    execArgv: [],
  });
  // A thread ended by its memory limit also surfaces here; the task's own rejection carries the reason.
  pool.on('error', () => undefined);
  return {
    options: { ...options, threadEntry: new URL(filename) },
    async run<K extends CheckOp>(op: K, ...args: CheckArgs<K>): Promise<CheckRun<CheckValue<K>>> {
      const startedAt = new SharedArrayBuffer(8);
      const deadline = startDeadline(startedAt, options.timeoutMs);
      try {
        const value = await pool.run({ op, args, startedAt }, { signal: deadline.signal });
        return { ok: true, value: value as CheckValue<K> };
      } catch (error) {
        return { ok: false, reason: describeCheckError(error, options) };
      } finally {
        deadline.clear();
      }
    },
    threadIds: () => pool.threads.map((thread) => thread.threadId),
    close: () => pool.destroy(),
  };
}

/** Longest a check waits for a thread to begin it (threads that cannot boot must not hang a run). */
const MAX_START_WAIT_MS = 60_000;

class CheckNotStarted extends Error {
  constructor() {
    super(`no check thread could begin the check within ${MAX_START_WAIT_MS / 1000} s`);
  }
}

/**
 * Aborts `timeoutMs` after the thread began the check (it writes the time into `startedAt`). While the check waits for
 * a thread (all busy, or a replacement still booting) the timer just looks again later: waiting is not the check's
 * fault, and counting it would fail a normal check that came right after a runaway one.
 */
function startDeadline(startedAt: SharedArrayBuffer, timeoutMs: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const began = new BigInt64Array(startedAt);
  const handed = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const look = () => {
    const at = Number(Atomics.load(began, 0));
    if (at === 0 && Date.now() - handed >= MAX_START_WAIT_MS) return controller.abort(new CheckNotStarted());
    const left = at === 0 ? timeoutMs : at + timeoutMs - Date.now();
    if (left > 0) timer = setTimeout(look, left);
    else controller.abort();
  };
  timer = setTimeout(look, timeoutMs);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

function describeCheckError(error: unknown, options: CheckPoolOptions): string {
  const { name, code, message, cause } = (error ?? {}) as Record<string, unknown>;
  if (cause instanceof CheckNotStarted) return `check failed: ${cause.message}`;
  if (name === 'AbortError') return checkTimeLimitReason(options.timeoutMs);
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return checkMemoryLimitReason(options.maxMemoryMb);
  return `check failed: ${typeof message === 'string' ? message : String(error)}`;
}

/**
 * The production bundle emits the thread's entry as check-thread.js beside itself (workers/runner build). Run from
 * source (tsx, vitest), check-thread.ts is bundled once per process with esbuild (a development dependency) into a
 * temporary file: a thread then boots from one plain JavaScript file in tens of milliseconds, where loading the
 * TypeScript through tsx took seconds per thread and, under load, ate the first assertions' timeouts.
 */
function defaultThreadEntry(): URL {
  const bundled = new URL(BUNDLED_ENTRY, import.meta.url);
  return existsSync(fileURLToPath(bundled)) ? bundled : devThreadEntry();
}

// Names in constants, not literals in `new URL(...)`: bundlers treat `new URL('./x', import.meta.url)` as an asset to
// copy, and the bundled entry does not exist until the runner's build writes it.
const BUNDLED_ENTRY = './check-thread.js';
const SOURCE_ENTRY = './check-thread.ts';

let devEntry: URL | undefined;

function devThreadEntry(): URL {
  if (devEntry) return devEntry;
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const outfile = path.join(tmpdir(), `mcptest-check-thread-${process.pid}-${Date.now().toString(36)}.mjs`);
  buildSync({
    entryPoints: [fileURLToPath(new URL(SOURCE_ENTRY, import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    // Bundled CommonJS (ajv) calls require(); ESM output has none unless given one.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  process.once('exit', () => rmSync(outfile, { force: true }));
  devEntry = pathToFileURL(outfile);
  return devEntry;
}
