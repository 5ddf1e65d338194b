// eslint-disable-next-line no-restricted-imports -- the baseline is a bare SDK client by definition, outside packages/mcp.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line no-restricted-imports -- as above: the bare client's own transport.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { defaultExecPolicy } from '@mcptest/core';
import { type Checker, createMemoryCallBudget, createSafeFetch, executeSuite, type SafeFetch } from '@mcptest/mcp';
import { createCheckPool } from '@mcptest/mcp/check-pool';
import { echoSuite } from './executor';
import { startEverythingServer } from './lib/everything-server';
import { atMost, percentiles, trackRss, type Benchmark, type BenchRow } from './lib/measure';

type SessionMode = 'shared' | 'per-assertion';

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
  /** CPU time of this process (the client side; the server is another process), user + system. */
  cpuMs: number;
  latencies: number[];
  failures: number;
  firstFailure?: string | undefined;
}

/**
 * (a) Runner overhead: the same echo tool calls to the same server-everything (Streamable HTTP, a child process) made
 * by `executeSuite` (the hosted runner's executor: one assertion per call, policy, budget, SSRF-safe fetch, checks,
 * transcripts) and by a bare @modelcontextprotocol/sdk Client loop that checks the echoed text. The executor's pacing
 * is off (`call_delay_ms: 0`; the default 100 ms would dominate both sides), so the ratio is mcptest's own cost.
 * Per-assertion mode is compared with a bare loop that also opens a session per call (connect, call, DELETE the
 * session, close); the executor additionally lists tools per session, which its policy needs.
 */
export const runnerOverhead: Benchmark = {
  name: 'runner-overhead',
  description:
    '(a) executeSuite vs a bare SDK Client loop, same calls to server-everything, shared and per-assertion; (g) the sandboxed checker',
  async run(context) {
    const server = await startEverythingServer();
    context.log(`runner-overhead: server-everything pid ${server.pid} at ${server.url}`);
    const safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
    // The hosted runner's checker: every check of an assertion in a worker thread with a deadline (the defaults of
    // workers/runner/src/env.ts), against today's CLI default, the checks in this thread.
    const pool = createCheckPool({ threads: 1, timeoutMs: 5_000, maxMemoryMb: 256 });
    const rows: BenchRow[] = [];
    try {
      // Warm-up of every side (JIT, connection pools, the server's first sessions, the check thread).
      const warm = context.quick ? 5 : 20;
      for (const mode of ['shared', 'per-assertion'] as const) {
        await viaExecutor(server.url, safeFetch, mode, warm, 0);
        await viaExecutor(server.url, safeFetch, mode, warm, 0, pool);
        await viaExecutor(server.url, fetch, mode, warm, 0);
        await viaBareSdk(server.url, mode, warm, 0);
      }
      for (const overheadCase of CASES) {
        const calls = context.quick ? overheadCase.calls.quick : overheadCase.calls.full;
        const rounds = context.quick ? ROUNDS.quick : ROUNDS.full;
        const chunk = Math.ceil(calls / rounds);
        const executor: Side = { ms: 0, cpuMs: 0, latencies: [], failures: 0 };
        const bare: Side = { ms: 0, cpuMs: 0, latencies: [], failures: 0 };
        // The executor on the platform fetch (no SSRF checks): splits the overhead into the executor's and the
        // SSRF-safe fetch's shares. Informative only; hosted runs always use the safe fetch.
        const plain: Side = { ms: 0, cpuMs: 0, latencies: [], failures: 0 };
        // The executor with the check pool, as the hosted runner runs it: the sandboxed checker's cost per assertion.
        const sandboxed: Side = { ms: 0, cpuMs: 0, latencies: [], failures: 0 };
        const rss = trackRss();
        for (let round = 0; round < rounds; round++) {
          const offset = round * chunk;
          const size = Math.min(chunk, calls - offset);
          const runExecutor = async () =>
            add(executor, await viaExecutor(server.url, safeFetch, overheadCase.sessionMode, size, offset));
          const runBare = async () => add(bare, await viaBareSdk(server.url, overheadCase.sessionMode, size, offset));
          const runPlain = async () =>
            add(plain, await viaExecutor(server.url, fetch, overheadCase.sessionMode, size, offset));
          const runSandboxed = async () =>
            add(sandboxed, await viaExecutor(server.url, safeFetch, overheadCase.sessionMode, size, offset, pool));
          // Alternate who goes first, so neither side always meets a warmer server.
          const order =
            round % 2 === 0
              ? [runExecutor, runSandboxed, runPlain, runBare]
              : [runBare, runPlain, runSandboxed, runExecutor];
          for (const side of order) await side();
        }
        const ratio = executor.ms / bare.ms;
        const perAssertion = (side: Side) => (side.ms / calls).toFixed(2);
        const cpuPerCall = (side: Side) => (side.cpuMs / calls).toFixed(2);
        const e = percentiles(executor.latencies);
        const b = percentiles(bare.latencies);
        const problems = [
          executor.failures > 0 ? `EXECUTOR: ${executor.failures} not PASS (first: ${executor.firstFailure})` : '',
          plain.failures > 0 ? `PLAIN-FETCH EXECUTOR: ${plain.failures} not PASS (first: ${plain.firstFailure})` : '',
          sandboxed.failures > 0
            ? `SANDBOXED EXECUTOR: ${sandboxed.failures} not PASS (first: ${sandboxed.firstFailure})`
            : '',
          bare.failures > 0 ? `BARE: ${bare.failures} wrong answers (first: ${bare.firstFailure})` : '',
        ].filter(Boolean);
        rows.push({
          benchmark: 'runner-overhead',
          case: `${overheadCase.sessionMode} sessions, ${calls} calls each side`,
          rate: (calls * 1000) / executor.ms,
          unit: 'calls',
          ops: calls,
          latency: e,
          rss: rss.stop(),
          note:
            `client CPU per call: executor ${cpuPerCall(executor)} ms, bare ${cpuPerCall(bare)} ms ` +
            `(ratio ${(executor.cpuMs / bare.cpuMs).toFixed(2)}×); ` +
            `throughput and latency columns: the executor (per assertion); bare SDK loop ` +
            `${((calls * 1000) / bare.ms).toFixed(1)} calls/s, p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms; ` +
            `the executor on the platform fetch (no SSRF checks) ${(plain.ms / bare.ms).toFixed(2)}× bare, ` +
            `client CPU ${cpuPerCall(plain)} ms per call; ` +
            `sandboxed checker (check pool, hosted runs): ${perAssertion(sandboxed)} ms per assertion vs ` +
            `${perAssertion(executor)} ms in-process (CLI), client CPU ${cpuPerCall(sandboxed)} ms per call` +
            (problems.length > 0 ? `; ${problems.join('; ')}` : ''),
          targets: [
            atMost(
              `(a) runner overhead, ${overheadCase.sessionMode} sessions`,
              ratio,
              '×',
              overheadCase.target,
              `executor ${(executor.ms / 1000).toFixed(2)} s vs bare SDK ${(bare.ms / 1000).toFixed(2)} s for ` +
                `${calls} calls (${rounds} alternating rounds); client CPU ${(executor.cpuMs / bare.cpuMs).toFixed(2)}×`,
              2,
            ),
            atMost(
              `(g) sandboxed checker, ${overheadCase.sessionMode} sessions`,
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
        last.note += `; server-everything peak RSS ${Math.round(serverPeak / 1024 / 1024)} MB`;
      }
    } finally {
      await pool.close();
      await safeFetch.close();
      await server.stop();
    }
    return rows;
  },
};

function add(total: Side, part: Side): void {
  total.ms += part.ms;
  total.cpuMs += part.cpuMs;
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
  const side: Side = { ms: 0, cpuMs: 0, latencies: [], failures: 0 };
  const startedAt = new Map<string, number>();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await executeSuite(suite, {
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
  return side;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

interface BareSession {
  client: Client;
  transport: StreamableHTTPClientTransport;
}

async function openBare(url: string): Promise<BareSession> {
  const client = new Client({ name: 'bench-bare', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

/** A well-behaved client ends its session (DELETE), as the executor does, so the server does not keep it. */
async function closeBare(session: BareSession): Promise<void> {
  await session.transport.terminateSession().catch(() => undefined);
  await session.client.close();
}

/** The same echo calls through a bare SDK Client: one session for all (shared) or one per call (per-assertion). */
async function viaBareSdk(url: string, sessionMode: SessionMode, size: number, offset: number): Promise<Side> {
  const side: Side = { ms: 0, cpuMs: 0, latencies: [], failures: 0 };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const shared = sessionMode === 'shared' ? await openBare(url) : undefined;
  try {
    for (let i = offset + 1; i <= offset + size; i++) {
      const t = performance.now();
      const session = shared ?? (await openBare(url));
      try {
        const result = await session.client.callTool({ name: 'echo', arguments: { message: `bench ${i}` } });
        const content = result.content as { type: string; text?: string }[] | undefined;
        const text = content?.[0]?.text;
        if (text !== `Echo: bench ${i}`) {
          side.failures += 1;
          side.firstFailure ??= `call ${i}: ${JSON.stringify(result).slice(0, 200)}`;
        }
      } finally {
        if (!shared) await closeBare(session);
      }
      side.latencies.push(performance.now() - t);
    }
  } finally {
    if (shared) await closeBare(shared);
  }
  side.ms = performance.now() - started;
  side.cpuMs = cpuMsSince(cpu);
  return side;
}
