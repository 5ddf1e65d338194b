// Timing and memory helpers shared by the benchmarks. Nothing here knows about mcptest.

/** What every benchmark is told: how long to run each case, and where to log progress. */
export interface BenchContext {
  /** Measured time per case, after a warm-up of a fifth of it. */
  readonly durationMs: number;
  readonly quick: boolean;
  /** Progress lines (stderr), never the table. */
  log(line: string): void;
}

/** One line of the results table. */
export interface BenchRow {
  benchmark: string;
  case: string;
  /** Operations per second. */
  rate: number;
  unit: string;
  /** Operations measured (after warm-up). */
  ops: number;
  /** Per-operation latency percentiles in milliseconds, when measured. */
  latency?: Percentiles;
  rss: RssUsage;
  note?: string;
  /** The issue-9 targets this row answers, if any (the "Targets" table). */
  targets?: TargetCheck[];
}

/** One figure next to the target it is held to. */
export interface TargetCheck {
  /** The label of the target, e.g. "(a) runner overhead, shared sessions". */
  label: string;
  /** The measured figure, in `unit`; NaN when it could not be measured. */
  value: number;
  /** The figure's unit as printed after it: "×", "ms", "runs/min", "% of bare", "MB". */
  unit: string;
  /** The goal as written in the issue, e.g. "≤ 1.10×". */
  goal: string;
  met: boolean;
  /** What the figure is made of, measured in the same run (both sides of a ratio, the sample count). */
  basis: string;
}

export interface Benchmark {
  name: string;
  /** One line: what is measured. */
  description: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

/** Nearest-rank percentiles of a list of durations (sorted in place). */
export function percentiles(samples: number[]): Percentiles {
  samples.sort((a, b) => a - b);
  const at = (p: number) => {
    if (samples.length === 0) return Number.NaN;
    const rank = Math.ceil((p / 100) * samples.length);
    return samples[Math.min(samples.length, Math.max(1, rank)) - 1] ?? Number.NaN;
  };
  return { p50: at(50), p95: at(95), p99: at(99) };
}

export interface RssUsage {
  /** Resident set size when the case began, in bytes. */
  startBytes: number;
  /** Highest resident set size seen while it ran, in bytes. */
  peakBytes: number;
}

export interface RssTracker {
  /** Takes a sample now (call it between batches of synchronous work, where the timer cannot fire). */
  sample(): void;
  stop(): RssUsage;
}

/** Samples this process's RSS every 10 ms (and whenever `sample` is called) and keeps the highest value. */
export function trackRss(): RssTracker {
  const startBytes = process.memoryUsage.rss();
  let peakBytes = startBytes;
  const sample = () => {
    const rss = process.memoryUsage.rss();
    if (rss > peakBytes) peakBytes = rss;
  };
  const timer = setInterval(sample, 10);
  timer.unref();
  return {
    sample,
    stop() {
      clearInterval(timer);
      sample();
      return { startBytes, peakBytes };
    },
  };
}

export interface SyncRun {
  ops: number;
  elapsedMs: number;
  latencies?: number[];
  rss: RssUsage;
}

/**
 * Calls `op(i)` in batches for a warm-up of `durationMs / 5`, then for `durationMs`, and counts the calls made in
 * the measured part. Batches grow until one takes about 10 ms, so reading the clock costs next to nothing. With
 * `recordLatency`, every call is timed on its own instead (for operations well above a microsecond).
 */
export function runSync(op: (i: number) => void, options: { durationMs: number; recordLatency?: boolean }): SyncRun {
  let i = 0;
  const phase = (durationMs: number, latencies: number[] | undefined, rss: RssTracker | undefined) => {
    let batch = 1;
    let ops = 0;
    const started = performance.now();
    let now = started;
    while (now - started < durationMs) {
      const batchStarted = now;
      for (let n = 0; n < batch; n++) {
        if (latencies) {
          const t = performance.now();
          op(i++);
          latencies.push(performance.now() - t);
        } else {
          op(i++);
        }
      }
      ops += batch;
      now = performance.now();
      rss?.sample();
      if (now - batchStarted < 10 && batch < 1 << 20) batch *= 2;
    }
    return { ops, elapsedMs: now - started };
  };
  phase(options.durationMs / 5, undefined, undefined);
  const latencies = options.recordLatency ? [] : undefined;
  const rss = trackRss();
  const measured = phase(options.durationMs, latencies, rss);
  return { ...measured, ...(latencies ? { latencies } : {}), rss: rss.stop() };
}

export interface AsyncRun {
  ops: number;
  elapsedMs: number;
  latencies: number[];
  rss: RssUsage;
}

/**
 * Runs `workers` loops at once, each awaiting `op(worker)` again and again until `durationMs` has passed (after a
 * warm-up of a fifth of it), timing every call.
 */
export async function runAsync(
  op: (worker: number) => Promise<void>,
  options: { durationMs: number; workers: number },
): Promise<AsyncRun> {
  const phase = async (durationMs: number, latencies: number[]) => {
    const started = performance.now();
    const end = started + durationMs;
    const loop = async (worker: number) => {
      while (performance.now() < end) {
        const t = performance.now();
        await op(worker);
        latencies.push(performance.now() - t);
      }
    };
    await Promise.all(Array.from({ length: options.workers }, (_, worker) => loop(worker)));
    return { ops: latencies.length, elapsedMs: performance.now() - started };
  };
  await phase(options.durationMs / 5, []);
  const latencies: number[] = [];
  const rss = trackRss();
  const measured = await phase(options.durationMs, latencies);
  return { ...measured, latencies, rss: rss.stop() };
}

/** Operations per second. */
export function rate(ops: number, elapsedMs: number): number {
  return elapsedMs > 0 ? (ops * 1000) / elapsedMs : 0;
}

/** A figure held to an upper bound (`≤ limit`); an unmeasured (NaN) figure never meets it. */
export function atMost(
  label: string,
  value: number,
  unit: string,
  limit: number,
  basis: string,
  digits = 0,
): TargetCheck {
  return { label, value, unit, goal: `≤ ${limit.toFixed(digits)}${unitSuffix(unit)}`, met: value <= limit, basis };
}

/** A figure held to a lower bound (`≥ limit`); an unmeasured (NaN) figure never meets it. */
export function atLeast(
  label: string,
  value: number,
  unit: string,
  limit: number,
  basis: string,
  digits = 0,
): TargetCheck {
  return { label, value, unit, goal: `≥ ${limit.toFixed(digits)}${unitSuffix(unit)}`, met: value >= limit, basis };
}

function unitSuffix(unit: string): string {
  return unit === '×' || unit === '%' ? unit : ` ${unit}`;
}

/** Wall-clock milliseconds of `fn`. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/** Mean of a list (NaN when empty). */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}
