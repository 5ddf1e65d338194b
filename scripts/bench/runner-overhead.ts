// eslint-disable-next-line no-restricted-imports -- the modern baseline is a bare SDK v2 client by definition.
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client';
// eslint-disable-next-line no-restricted-imports -- the 2025 baseline is a bare SDK v1 client by definition, outside packages/mcp.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line no-restricted-imports -- as above: the bare client's own transport.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { defaultExecPolicy, MODERN_PROTOCOL_VERSION } from '@mcptest/core';
import { type Checker, createMemoryCallBudget, createSafeFetch, executeSuite, type SafeFetch } from '@mcptest/mcp';
import { createCheckPool } from '@mcptest/mcp/check-pool';
import { echoSuite } from './executor';
import { type EverythingServer, startEverythingServer } from './lib/everything-server';
import { startModernBenchServer } from './lib/modern-server';
import { atMost, percentiles, trackRss, type Benchmark, type BenchRow } from './lib/measure';

type SessionMode = 'shared' | 'per-assertion';

/**
 * The two protocol eras, each against its own server in a child process: the 2025 era against server-everything
 * (the bare side is the SDK v1 Client, as mcptest's 2025 sessions), the 2026-07-28 era against the modern-only SDK v2
 * server of test/modern-server.ts (stateless; the bare side is the SDK v2 Client pinned to 2026-07-28).
 */
interface EraCase {
  era: 'legacy' | 'modern';
  label: string;
  start(): Promise<EverythingServer>;
}

const ERAS: readonly EraCase[] = [
  { era: 'legacy', label: '2025-11-25, server-everything', start: startEverythingServer },
  { era: 'modern', label: `${MODERN_PROTOCOL_VERSION}, SDK v2 server`, start: startModernBenchServer },
];

interface OverheadCase {
  sessionMode: SessionMode;
  /** Tool calls on each side: the 1,000 in full mode, fewer in quick mode (per-assertion ones are slow). */
  calls: { quick: number; full: number };
  target: number;
}

const CASES: readonly OverheadCase[] = [
  { sessionMode: 'shared', calls: { quick: 100, full: 1_000 }, target: 1.1 },
  { sessionMode: 'per-assertion', calls: { quick: 20, full: 1_000 }, target: 1.5 },
];

/** The calls of a case are made in this many alternating chunks, so load that comes and goes hits both sides. */
const ROUNDS = { quick: 2, full: 4 };

interface Side {
  ms: number;
  /** CPU time of this process (the client side; the server is another), user + system. */
  cpuMs: number;
  /** HTTP requests sent (the executor's request allowance counts them; the bare loop counts its fetches). */
  requests: number;
  latencies: number[];
  failures: number;
  firstFailure?: string | undefined;
}

const emptySide = (): Side => ({ ms: 0, cpuMs: 0, requests: 0, latencies: [], failures: 0 });

/**
 * (a) Runner overhead: the same echo tool calls to the same server (a child process, Streamable HTTP) made by
 * `executeSuite` (the hosted runner's executor: one assertion per call, policy, budget, SSRF-safe fetch, checks,
 * transcripts, wire validation) and by a bare SDK Client loop that checks the echoed text, in both protocol eras. The
 * executor's pacing is off (`call_delay_ms: 0`; the default 100 ms would dominate both sides), so the ratio is
 * mcptest's own cost. Per-assertion mode is compared with a bare loop that also opens a session per call: in the
 * 2025 era connect (initialize, initialized, the SSE GET), call, DELETE the session, close; in the modern era a new
 * Client per call that adopts the first `server/discover` result (`connect({ prior })`, the SDK's zero-round-trip
 * reconnect), as the executor's per-assertion sessions do. The executor additionally lists tools once per run, which
 * its policy needs.
 */
export const runnerOverhead: Benchmark = {
  name: 'runner-overhead',
  description:
    '(a) executeSuite vs a bare SDK Client loop, same calls, shared and per-assertion, 2025 era (server-everything) and 2026-07-28 (SDK v2 server); (g) the sandboxed checker',
  async run(context) {
    const safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
    // The hosted runner's checker: every check of an assertion in a worker thread with a deadline (the defaults of
    // workers/runner/src/env.ts), against today's CLI default, the checks in this thread.
    const pool = createCheckPool({ threads: 1, timeoutMs: 5_000, maxMemoryMb: 256 });
    const rows: BenchRow[] = [];
    try {
      for (const era of ERAS) rows.push(...(await runEra(context.quick, context.log, era, safeFetch, pool)));
    } finally {
      await pool.close();
      await safeFetch.close();
    }
    return rows;
  },
};

async function runEra(
  quick: boolean,
  log: (line: string) => void,
  era: EraCase,
  safeFetch: SafeFetch,
  pool: Checker,
): Promise<BenchRow[]> {
  const server = await era.start();
  log(`runner-overhead: ${era.label}, pid ${server.pid} at ${server.url}`);
  const rows: BenchRow[] = [];
  try {
    const bare = bareFor(era.era, server.url);
    // Warm-up of every side (JIT, connection pools, the server's first sessions, the check thread).
    const warm = quick ? 5 : 20;
    for (const mode of ['shared', 'per-assertion'] as const) {
      await viaExecutor(server.url, safeFetch, mode, warm, 0);
      await viaExecutor(server.url, safeFetch, mode, warm, 0, pool);
      await viaExecutor(server.url, fetch, mode, warm, 0);
      await bare(mode, warm, 0);
    }
    for (const overheadCase of CASES) {
      const calls = quick ? overheadCase.calls.quick : overheadCase.calls.full;
      const rounds = quick ? ROUNDS.quick : ROUNDS.full;
      const chunk = Math.ceil(calls / rounds);
      const executor = emptySide();
      const bareSide = emptySide();
      // The executor on the platform fetch (no SSRF checks): splits the overhead into the executor's and the
      // SSRF-safe fetch's shares. Informative only; hosted runs always use the safe fetch.
      const plain = emptySide();
      // The executor with the check pool, as the hosted runner runs it: the sandboxed checker's cost per assertion.
      const sandboxed = emptySide();
      const rss = trackRss();
      for (let round = 0; round < rounds; round++) {
        const offset = round * chunk;
        const size = Math.min(chunk, calls - offset);
        const mode = overheadCase.sessionMode;
        const runExecutor = async () => add(executor, await viaExecutor(server.url, safeFetch, mode, size, offset));
        const runBare = async () => add(bareSide, await bare(mode, size, offset));
        const runPlain = async () => add(plain, await viaExecutor(server.url, fetch, mode, size, offset));
        const runSandboxed = async () =>
          add(sandboxed, await viaExecutor(server.url, safeFetch, mode, size, offset, pool));
        // Alternate who goes first, so neither side always meets a warmer server.
        const order =
          round % 2 === 0
            ? [runExecutor, runSandboxed, runPlain, runBare]
            : [runBare, runPlain, runSandboxed, runExecutor];
        for (const side of order) await side();
      }
      const ratio = executor.ms / bareSide.ms;
      const perAssertion = (side: Side) => (side.ms / calls).toFixed(2);
      const cpuPerCall = (side: Side) => (side.cpuMs / calls).toFixed(2);
      const requestsPerCall = (side: Side) => (side.requests / calls).toFixed(2);
      const e = percentiles(executor.latencies);
      const b = percentiles(bareSide.latencies);
      const problems = [
        executor.failures > 0 ? `EXECUTOR: ${executor.failures} not PASS (first: ${executor.firstFailure})` : '',
        plain.failures > 0 ? `PLAIN-FETCH EXECUTOR: ${plain.failures} not PASS (first: ${plain.firstFailure})` : '',
        sandboxed.failures > 0
          ? `SANDBOXED EXECUTOR: ${sandboxed.failures} not PASS (first: ${sandboxed.firstFailure})`
          : '',
        bareSide.failures > 0 ? `BARE: ${bareSide.failures} wrong answers (first: ${bareSide.firstFailure})` : '',
      ].filter(Boolean);
      const caseName = `${overheadCase.sessionMode} sessions, ${era.label}`;
      rows.push({
        benchmark: 'runner-overhead',
        case: `${caseName}, ${calls} calls each side`,
        rate: (calls * 1000) / executor.ms,
        unit: 'calls',
        ops: calls,
        latency: e,
        rss: rss.stop(),
        note:
          `client CPU per call: executor ${cpuPerCall(executor)} ms, bare ${cpuPerCall(bareSide)} ms ` +
          `(ratio ${(executor.cpuMs / bareSide.cpuMs).toFixed(2)}×); HTTP requests per call: executor ` +
          `${requestsPerCall(executor)}, bare ${requestsPerCall(bareSide)}; ` +
          `throughput and latency columns: the executor (per assertion); bare SDK loop ` +
          `${((calls * 1000) / bareSide.ms).toFixed(1)} calls/s, p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms; ` +
          `the executor on the platform fetch (no SSRF checks) ${(plain.ms / bareSide.ms).toFixed(2)}× bare, ` +
          `client CPU ${cpuPerCall(plain)} ms per call; ` +
          `sandboxed checker (check pool, hosted runs): ${perAssertion(sandboxed)} ms per assertion vs ` +
          `${perAssertion(executor)} ms in-process (CLI), client CPU ${cpuPerCall(sandboxed)} ms per call` +
          (problems.length > 0 ? `; ${problems.join('; ')}` : ''),
        targets: [
          atMost(
            `(a) runner overhead, ${caseName}`,
            ratio,
            '×',
            overheadCase.target,
            `executor ${(executor.ms / 1000).toFixed(2)} s vs bare SDK ${(bareSide.ms / 1000).toFixed(2)} s for ` +
              `${calls} calls (${rounds} alternating rounds); client CPU ${(executor.cpuMs / bareSide.cpuMs).toFixed(2)}×`,
            2,
          ),
          atMost(
            `(g) sandboxed checker, ${caseName}`,
            sandboxed.ms / executor.ms,
            '×',
            1.1,
            `per assertion: ${perAssertion(sandboxed)} ms with the check pool vs ${perAssertion(executor)} ms with ` +
              `the checks in-process (${calls} assertions each, ${rounds} alternating rounds)`,
            2,
          ),
        ],
      });
    }
    const serverPeak = server.peakRssBytes();
    const last = rows.at(-1);
    if (serverPeak !== undefined && last) {
      last.note += `; server peak RSS ${Math.round(serverPeak / 1024 / 1024)} MB`;
    }
  } finally {
    await server.stop();
  }
  return rows;
}

function add(total: Side, part: Side): void {
  total.ms += part.ms;
  total.cpuMs += part.cpuMs;
  total.requests += part.requests;
  total.latencies.push(...part.latencies);
  total.failures += part.failures;
  total.firstFailure ??= part.firstFailure;
}

/** `size` echo assertions (messages offset+1 … offset+size) through executeSuite, as `mcptest run --url` builds it. */
async function viaExecutor(
  url: string,
  outbound: SafeFetch | typeof fetch,
  sessionMode: SessionMode,
  size: number,
  offset: number,
  checker?: Checker,
): Promise<Side> {
  const suite = echoSuite(size, offset);
  const side = emptySide();
  const startedAt = new Map<string, number>();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outcome = await executeSuite(suite, {
    serverOverride: { url, transport: 'http' },
    // The platform fetch has no gates: the executor's request gate is simply not in front of it (informative only).
    fetch:
      'withGate' in outbound ? outbound : Object.assign(outbound, { withGate: () => outbound, close: async () => {} }),
    allowStdio: false,
    policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
    budget: createMemoryCallBudget({}),
    env: {},
    sessionMode,
    ...(checker ? { checker } : {}),
    onEvent(event) {
      if (event.type === 'assertion.started') startedAt.set(event.key, performance.now());
      if (event.type === 'assertion.finished') {
        const t = startedAt.get(event.result.key);
        if (t !== undefined) side.latencies.push(performance.now() - t);
        if (event.result.status !== 'PASS') {
          side.failures += 1;
          side.firstFailure ??= `${event.result.name}: ${event.result.detail}`;
        }
      }
    },
  });
  side.ms = performance.now() - started;
  side.cpuMs = cpuMsSince(cpu);
  side.requests = outcome.requestsUsed;
  return side;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** One bare client session: call echo, and end it as a well-behaved client does. */
interface BareSession {
  callEcho(message: string): Promise<unknown>;
  close(): Promise<void>;
}

type BareLoop = (sessionMode: SessionMode, size: number, offset: number) => Promise<Side>;

/** The bare SDK loop of an era, counting the HTTP requests its transports send. */
function bareFor(era: EraCase['era'], url: string): BareLoop {
  let requests = 0;
  const counted = (input: string | URL | Request, init?: RequestInit) => {
    requests += 1;
    return fetch(input, init);
  };
  if (era === 'legacy') {
    const open = async (): Promise<BareSession> => {
      const client = new Client({ name: 'bench-bare', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: counted });
      await client.connect(transport);
      return {
        callEcho: (message) => client.callTool({ name: 'echo', arguments: { message } }),
        // A well-behaved client ends its session (DELETE), as the executor does, so the server does not keep it.
        close: async () => {
          await transport.terminateSession().catch(() => undefined);
          await client.close();
        },
      };
    };
    return (mode, size, offset) => bareLoop(open, () => requests, mode, size, offset);
  }
  // The first session's server/discover result, adopted by every later session (no round trip), as the executor does.
  let prior: Parameters<V2Client['connect']>[1] | undefined;
  const open = async (): Promise<BareSession> => {
    const client = new V2Client(
      { name: 'bench-bare', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } },
    );
    await client.connect(new V2Transport(new URL(url), { fetch: counted }), prior ?? {});
    const discover = client.getDiscoverResult();
    if (prior === undefined && discover !== undefined) prior = { prior: { kind: 'modern', discover } };
    return {
      callEcho: (message) => client.callTool({ name: 'echo', arguments: { message } }),
      // Stateless: nothing to end on the server; closing the client sends nothing.
      close: () => client.close(),
    };
  };
  return (mode, size, offset) => bareLoop(open, () => requests, mode, size, offset);
}

/** The same echo calls through a bare SDK Client: one session for all (shared) or one per call (per-assertion). */
async function bareLoop(
  open: () => Promise<BareSession>,
  requestsSoFar: () => number,
  sessionMode: SessionMode,
  size: number,
  offset: number,
): Promise<Side> {
  const side = emptySide();
  const requestsBefore = requestsSoFar();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const shared = sessionMode === 'shared' ? await open() : undefined;
  try {
    for (let i = offset + 1; i <= offset + size; i++) {
      const t = performance.now();
      const session = shared ?? (await open());
      try {
        const result = (await session.callEcho(`bench ${i}`)) as { content?: { type: string; text?: string }[] };
        const text = result.content?.[0]?.text;
        if (text !== `Echo: bench ${i}`) {
          side.failures += 1;
          side.firstFailure ??= `call ${i}: ${JSON.stringify(result).slice(0, 200)}`;
        }
      } finally {
        if (!shared) await session.close();
      }
      side.latencies.push(performance.now() - t);
    }
  } finally {
    if (shared) await shared.close();
  }
  side.ms = performance.now() - started;
  side.cpuMs = cpuMsSince(cpu);
  side.requests = requestsSoFar() - requestsBefore;
  return side;
}
