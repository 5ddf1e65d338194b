import { defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { createMemoryCallBudget, createSafeFetch, executeSuite, type ExecuteSuiteOptions } from '@mcptest/mcp';
import { type EverythingServer, startEverythingServer } from './lib/everything-server';
import { startModernBenchServer } from './lib/modern-server';
import { percentiles, rate, trackRss, type BenchContext, type Benchmark, type BenchRow } from './lib/measure';

const SUITE_SIZE = 20;

/** A suite of `size` echo assertions (messages "bench offset+1" and on), each checking the echoed text. */
export function echoSuite(size: number, offset = 0): LoadedSuite {
  const assertions = Array.from({ length: size }, (_, index) => {
    const i = offset + index + 1;
    return (
      `  - name: echo ${i}\n` +
      `    assert:\n` +
      `      tool: echo\n` +
      `      args: { message: "bench ${i}" }\n` +
      `      expect: { not_error: true, contains: ["Echo: bench ${i}"], matches_regex: ["^Echo: bench \\\\d+$"] }\n`
    );
  });
  const text = `name: bench echo\ntimeout: 30s\nassertions:\n${assertions.join('')}`;
  const loaded = loadSuite(text, 'bench-echo.yaml');
  if (!loaded.ok) throw new Error(`the benchmark suite does not load: ${JSON.stringify(loaded.errors)}`);
  return loaded.suite;
}

interface ExecutorCase {
  sessionMode: 'per-assertion' | 'shared';
  callDelayMs: number;
}

const CASES: readonly ExecutorCase[] = [
  { sessionMode: 'per-assertion', callDelayMs: 0 },
  { sessionMode: 'shared', callDelayMs: 0 },
  { sessionMode: 'per-assertion', callDelayMs: 100 },
  { sessionMode: 'shared', callDelayMs: 100 },
];

/** The two protocol eras: server-everything (2025-11-25) and the modern-only SDK v2 server (2026-07-28, stateless). */
const ERAS: readonly { label: string; start(): Promise<EverythingServer> }[] = [
  { label: '2025-11-25, server-everything', start: startEverythingServer },
  { label: '2026-07-28, SDK v2 server', start: startModernBenchServer },
];

/**
 * `executeSuite` end to end against a real server over Streamable HTTP in each protocol era, built the way
 * `mcptest run --url` builds it (default policy with the call delay set, in-memory budget, SSRF-safe fetch allowing
 * 127.0.0.0/8). The suite is run again and again until the case's time is up; latency is per assertion (started to
 * finished event). The notes give the HTTP requests per assertion: on the stateless modern server per-assertion
 * sessions cost what shared ones do (each later session adopts the run's server/discover result).
 */
export const executor: Benchmark = {
  name: 'executor',
  description:
    'executeSuite of echo assertions, per-assertion and shared, against server-everything (2025) and an SDK v2 server (2026-07-28)',
  async run(context) {
    const rows: BenchRow[] = [];
    for (const era of ERAS) rows.push(...(await runEra(context, era)));
    return rows;
  },
};

async function runEra(context: BenchContext, era: (typeof ERAS)[number]): Promise<BenchRow[]> {
  const server = await era.start();
  context.log(`executor: ${era.label}, pid ${server.pid} at ${server.url}`);
  const safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
  const rows: BenchRow[] = [];
  try {
    const base = (callDelayMs: number, sessionMode: ExecutorCase['sessionMode']): ExecuteSuiteOptions => ({
      serverOverride: { url: server.url, transport: 'http' },
      fetch: safeFetch,
      allowStdio: false,
      policy: { ...defaultExecPolicy(), call_delay_ms: callDelayMs },
      budget: createMemoryCallBudget({}),
      env: {},
      sessionMode,
    });
    // Warm-up: the server's and this process's JIT, and undici's connection pool.
    const warmup = echoSuite(context.quick ? 5 : SUITE_SIZE);
    await executeSuite(warmup, base(0, 'per-assertion'));
    await executeSuite(warmup, base(0, 'shared'));

    for (const benchCase of CASES) {
      // Every case runs at least one whole suite; at 100 ms a per-assertion suite of 20 takes ~6 s, so quick mode
      // uses smaller suites (throughput per assertion barely depends on the suite's length).
      const size = context.quick ? (benchCase.callDelayMs > 0 ? 4 : 10) : SUITE_SIZE;
      const suite = echoSuite(size);
      const latencies: number[] = [];
      const startedAt = new Map<string, number>();
      const statuses = new Map<string, number>();
      let firstProblem: string | undefined;
      let calls = 0;
      let requests = 0;
      let suites = 0;
      const rss = trackRss();
      const started = performance.now();
      do {
        const outcome = await executeSuite(suite, {
          ...base(benchCase.callDelayMs, benchCase.sessionMode),
          onEvent(event) {
            if (event.type === 'assertion.started') startedAt.set(event.key, performance.now());
            if (event.type === 'assertion.finished') {
              const t = startedAt.get(event.result.key);
              if (t !== undefined) latencies.push(performance.now() - t);
              statuses.set(event.result.status, (statuses.get(event.result.status) ?? 0) + 1);
              if (event.result.status !== 'PASS') firstProblem ??= `${event.result.name}: ${event.result.detail}`;
            }
          },
        });
        calls += outcome.callsUsed;
        requests += outcome.requestsUsed;
        suites += 1;
      } while (performance.now() - started < context.durationMs);
      const elapsedMs = performance.now() - started;
      const notes = [
        `${suites} × suite of ${size}, ${calls} tool calls, ${(requests / Math.max(1, latencies.length)).toFixed(2)} HTTP requests per assertion`,
      ];
      const notPassed = [...statuses].filter(([status]) => status !== 'PASS');
      if (notPassed.length > 0) {
        notes.push(`NOT ALL PASSED: ${notPassed.map(([s, n]) => `${n} ${s}`).join(', ')} (first: ${firstProblem})`);
      }
      rows.push({
        benchmark: 'executor',
        case: `${era.label}: ${benchCase.sessionMode}, call_delay_ms ${benchCase.callDelayMs}`,
        rate: rate(latencies.length, elapsedMs),
        unit: 'assertions',
        ops: latencies.length,
        latency: percentiles(latencies),
        rss: rss.stop(),
        note: notes.join('; '),
      });
    }
    const serverPeak = server.peakRssBytes();
    const last = rows.at(-1);
    if (serverPeak !== undefined && last) {
      last.note += `; server peak RSS ${Math.round(serverPeak / 1024 / 1024)} MB (not in the column)`;
    }
  } finally {
    await safeFetch.close();
    await server.stop();
  }
  return rows;
}
