// The hostile-server corpus (issue 9, part 2): MCP servers that hang, flood, lie, break off or point elsewhere, each
// run through the real worker path (Postgres, Redis, BullMQ, the worker's own entry point as a child process, the
// SSRF-safe fetch). Every run must end FAILED with a reason naming what the server did (ERROR, with that reason as the
// run's, when the server could not even be connected to; or, for a server that makes a run send requests without end,
// stop at the run's request allowance), the worker must stay up and
// still pass a normal suite afterwards, and the 50 MB answers must not grow the worker's memory past the stated bound
// (docs/operations.md, "Hostile servers").
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, SsrfRefusedError } from '@mcptest/mcp';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { queueRun, runRow, seedSuite, spawnWorkerProcess, useWorkerMock, waitFor, type WorkerProcess } from '../worker';
import { hostile, startCanary, startHostileServer, type HostileBehaviour, type HostileServer } from './servers';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();

const MiB = 1024 * 1024;
/** The safe fetch's default cap on one response body and on one server-sent event (packages/mcp/src/net). */
const BODY_CAP = 10 * MiB;
/**
 * The bound this file proves (docs/operations.md, "Hostile servers"): the worker's peak RSS grows by less than this
 * while it runs the three 50 MB answers at once. Each is cut at BODY_CAP; see the docs for the measured figures, and
 * for the figure with the cap raised to 1 GiB, which this bound fails.
 */
const PEAK_GROWTH_BOUND = 3 * 64 * MiB;

let worker: WorkerProcess;
let canary: HostileServer;
const servers: HostileServer[] = [];

beforeAll(async () => {
  canary = await startCanary();
  worker = await spawnWorkerProcess(
    {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      // Every case of a phase at once: each is its own tenant, so fair admission lets them all through.
      WORKER_CONCURRENCY: '16',
      WORKER_SHUTDOWN_GRACE_SECONDS: '2',
      POLITENESS_REQUESTS_PER_SECOND_PER_HOST: '1000',
      POLITENESS_MAX_IN_FLIGHT_PER_HOST: '64',
    },
    45_000,
  );
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await Promise.all([...servers, canary].map((server) => server?.close()));
});

interface HostileCase {
  readonly name: string;
  readonly behaviour: () => HostileBehaviour;
  /**
   * The suite's `timeout:`: short where the case ends only by it (with room for connect and tools/list on a loaded
   * machine), longer where the server's answer ends it.
   */
  readonly timeout: '5s' | '8s' | '10s';
  /** What the assertion's reason must say. */
  readonly detail: RegExp;
  /** ERROR when the server fails the connection (initialize) itself: nothing could be tested. Default FAILED. */
  readonly runStatus?: 'ERROR';
}

interface CaseOutcome {
  readonly name: string;
  readonly status: string;
  readonly error: string | null;
  readonly results: { status: string; detail: string | null; transcript: unknown }[];
  readonly server: HostileServer;
}

function suiteYaml(name: string, timeout: string): string {
  return `name: hostile ${name}
timeout: ${timeout}
assertions:
  - name: ${name}
    assert: { tool: probe, args: {}, expect: { contains: [ok] } }
`;
}

/** Starts the case's server, seeds a suite against it (its own tenant), queues a run and waits for it to end. */
async function runCase(c: HostileCase): Promise<CaseOutcome> {
  const server = await startHostileServer(c.behaviour());
  servers.push(server);
  const seeded = await seedSuite(database.db, { serverUrl: server.url, yaml: suiteYaml(c.name, c.timeout) });
  const runId = await queueRun(database.db, redis, seeded);
  const run = await finished(runId);
  const results = await database.db
    .tenant(seeded.tenantId)
    .assertionResult.findMany({ where: { runId }, select: { status: true, detail: true, transcript: true } });
  return { name: c.name, status: run.status, error: run.error, results, server };
}

/**
 * Waits for the run's final row. Never stuck: every case ends within its timeout plus the worker's overhead, far inside
 * this wait. Polled every 250 ms, not 50: a phase waits on up to 16 runs at once on a loaded machine.
 */
function finished(runId: string) {
  return waitFor(
    `run ${runId} to finish`,
    async () => {
      const run = await runRow(database.db, runId);
      return run && !['QUEUED', 'RUNNING'].includes(run.status) ? run : undefined;
    },
    90_000,
    250,
  );
}

/** A normal suite against the worker mock: it must pass before the hostile cases (warming the worker up) and after. */
async function expectNormalSuitePasses(): Promise<void> {
  const seeded = await seedSuite(database.db, {
    serverUrl: mock.url,
    yaml: `name: a normal suite
assertions:
  - name: finds apples
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples] } }
  - name: slow answer
    assert: { tool: slow, args: { n: 1 }, expect: { contains: [slow 1] } }
`,
  });
  const run = await finished(await queueRun(database.db, redis, seeded));
  expect(run).toMatchObject({ status: 'PASSED', passed: 2, failed: 0 });
}

function expectFailedWithReason(outcome: CaseOutcome, c: HostileCase): void {
  expect.soft(outcome.status, c.name).toBe(c.runStatus ?? 'FAILED');
  if (c.runStatus === 'ERROR') {
    expect.soft(outcome.error, c.name).toBe(`the server could not be tested: ${outcome.results[0]?.detail ?? ''}`);
  }
  expect.soft(outcome.results, c.name).toHaveLength(1);
  expect.soft(outcome.results[0]?.status, c.name).toBe('FAIL');
  expect.soft(outcome.results[0]?.detail ?? '', c.name).toMatch(c.detail);
}

/** Peak and current RSS of a process, in bytes (Linux: /proc/<pid>/status). */
function memoryOf(pid: number): { peak: number; current: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { peak: kib('VmHWM'), current: kib('VmRSS') };
}

const BIG = 50 * 1000 * 1000;

const HOST = String.raw`http://127\.0\.0\.1:\d+/mcp`;

const CASES: HostileCase[] = [
  {
    name: 'never-answers-tools-call',
    behaviour: () => hostile.hangs('tools/call'),
    timeout: '8s',
    detail: /^tools\/call probe timed out after 8s \(the assertion's timeout\)$/,
  },
  {
    name: 'never-answers-initialize',
    runStatus: 'ERROR',
    behaviour: () => hostile.hangs('initialize'),
    timeout: '8s',
    detail: new RegExp(`^could not connect to ${HOST}: no answer to initialize within \\d+ ms \\(timed out\\)$`),
  },
  {
    name: 'endless-event-stream',
    behaviour: () => hostile.endlessEventStream(),
    timeout: '8s',
    detail: /^tools\/call probe timed out after 8s \(the assertion's timeout\)$/,
  },
  {
    name: 'garbage-json',
    behaviour: () => hostile.garbageJson(),
    timeout: '10s',
    detail: /^the answer to tools\/call "probe" is not valid JSON-RPC: the response body is not JSON \(.+\)$/,
  },
  {
    name: 'json-not-json-rpc',
    behaviour: () => hostile.notJsonRpc(),
    timeout: '10s',
    detail:
      /^the answer to tools\/call "probe" is not valid JSON-RPC: the response body is JSON but not a JSON-RPC 2\.0 message/,
  },
  {
    name: 'mismatched-response-id',
    behaviour: () => hostile.wrongId(),
    timeout: '8s',
    detail:
      /^tools\/call probe timed out after 8s \(the assertion's timeout\); meanwhile the server sent a response with id \d+, which matches no request sent \(mismatched response id\)$/,
  },
  {
    name: 'html-502-at-initialize',
    runStatus: 'ERROR',
    behaviour: () => hostile.htmlErrorPage('initialize'),
    timeout: '10s',
    detail: new RegExp(
      `^could not connect to ${HOST}: the initialize POST was answered with HTTP 502 with an HTML page \\(text/html: "502 Bad Gateway"\\), not MCP$`,
    ),
  },
  {
    name: 'html-502-at-tools-call',
    behaviour: () => hostile.htmlErrorPage('tools/call'),
    timeout: '10s',
    detail: new RegExp(
      `^sending tools/call "probe" to ${HOST} failed: the server answered HTTP 502 with an HTML page \\(text/html: "502 Bad Gateway"\\), not MCP$`,
    ),
  },
  {
    name: 'disconnect-mid-json-body',
    behaviour: () => hostile.dropsMidBody('json'),
    timeout: '10s',
    detail: new RegExp(`^sending tools/call "probe" to ${HOST} failed: connection closed by the server$`),
  },
  {
    name: 'disconnect-mid-event-stream',
    behaviour: () => hostile.dropsMidBody('event-stream'),
    timeout: '8s',
    detail:
      /^tools\/call probe timed out after 8s \(the assertion's timeout\); meanwhile the event stream was cut off before the response \(connection closed by the server mid-stream\)$/,
  },
  {
    name: 'redirect-307-to-10-0-0-1',
    runStatus: 'ERROR',
    behaviour: () => hostile.redirects('initialize', 307, 'http://10.0.0.1/mcp'),
    timeout: '10s',
    detail: new RegExp(
      `^could not connect to ${HOST}: the initialize POST was answered with HTTP 307: Redirect to http://10\\.0\\.0\\.1/mcp not followed \\(redirects are followed only within the server's origin\\)$`,
    ),
  },
  {
    name: 'redirect-301-to-metadata-mid-session',
    behaviour: () => hostile.redirects('tools/call', 301, 'http://169.254.169.254/latest/meta-data/'),
    timeout: '10s',
    detail: new RegExp(
      `^sending tools/call "probe" to ${HOST} failed: the server answered HTTP 301: Redirect to http://169\\.254\\.169\\.254/latest/meta-data/ not followed \\(redirects are followed only within the server's origin\\)$`,
    ),
  },
  {
    name: 'redirect-302-to-another-loopback-port',
    runStatus: 'ERROR',
    behaviour: () => hostile.redirects('initialize', 302, canary.url),
    timeout: '10s',
    detail: new RegExp(`the initialize POST was answered with HTTP 302: Redirect to ${HOST} not followed`),
  },
  {
    name: 'unauthorized-metadata-at-169-254-169-254',
    runStatus: 'ERROR',
    behaviour: () => hostile.unauthorized('http://169.254.169.254/latest/meta-data/iam/security-credentials/'),
    timeout: '10s',
    detail: new RegExp(
      `^could not connect to ${HOST}: the initialize POST was answered with HTTP 401 \\(unauthorized: give the credentials as server headers\\)`,
    ),
  },
  {
    name: 'unauthorized-metadata-at-loopback-canary',
    runStatus: 'ERROR',
    behaviour: () => hostile.unauthorized(`http://127.0.0.1:${canary.port}/.well-known/oauth-protected-resource`),
    timeout: '10s',
    detail: /the initialize POST was answered with HTTP 401 \(unauthorized/,
  },
  {
    name: 'sse-50mb-flood-of-events',
    behaviour: () => hostile.floodOfEvents(BIG),
    timeout: '5s',
    detail: /^tools\/call probe timed out after 5s \(the assertion's timeout\)$/,
  },
];

const BIG_CASES: HostileCase[] = [
  {
    name: 'json-50mb-chunked',
    behaviour: () => hostile.hugeJson(BIG, 'chunked'),
    timeout: '10s',
    detail: new RegExp(
      `^sending tools/call "probe" to ${HOST} failed: refused: 127\\.0\\.0\\.1:\\d+: response body exceeded ${BODY_CAP} bytes$`,
    ),
  },
  {
    name: 'json-50mb-content-length',
    behaviour: () => hostile.hugeJson(BIG, 'content-length'),
    timeout: '10s',
    detail: new RegExp(`response body of ${BIG} bytes exceeds ${BODY_CAP} bytes$`),
  },
  {
    name: 'sse-50mb-single-event',
    // The cap ends the stream; the SDK would leave the request waiting, so the session fails it at once, with the cause.
    behaviour: () => hostile.hugeEvent(BIG),
    timeout: '10s',
    detail: new RegExp(
      `^no answer to tools/call "probe" can arrive: the event stream failed: refused: 127\\.0\\.0\\.1:\\d+: one server-sent event exceeded ${BODY_CAP} bytes$`,
    ),
  },
];

describe('hostile MCP servers through the real worker', () => {
  it('passes a normal suite first', { timeout: 60_000 }, expectNormalSuitePasses);

  it('fails each hostile server with a reason naming what it did; no run gets stuck', { timeout: 90_000 }, async () => {
    const outcomes = await Promise.all(CASES.map(runCase));
    CASES.forEach((c, i) => expectFailedWithReason(outcomes[i]!, c));

    // Redirects are never followed off the server's origin, and the 401s' resource_metadata is never fetched: the
    // canary (on an allowed loopback port) was not asked anything, and the 401 servers only saw the two handshake
    // POSTs (protocol auto: the server/discover probe through the SDK v2 client, then initialize through v1).
    expect(canary.requests).toEqual([]);
    for (const outcome of outcomes.filter((o) => o.name.startsWith('unauthorized'))) {
      expect(outcome.server.requests, outcome.name).toEqual(['POST /mcp server/discover', 'POST /mcp initialize']);
    }

    // What a session keeps is capped (2 x 5 MiB of messages), and what the worker stores with the result is cut to
    // 1 MiB per assertion with a marker: the flood got through (its notifications are in the transcript) but no more
    // than that was stored of its 50 MB.
    const flood = outcomes.find((o) => o.name === 'sse-50mb-flood-of-events');
    const stored = JSON.stringify(flood?.results[0]?.transcript ?? null);
    expect(stored).toContain('notifications/message');
    expect(stored).toContain('transcript_truncated');
    expect(stored.length).toBeGreaterThan(MiB / 2);
    expect(stored.length).toBeLessThan(MiB + 64 * 1024);
  });

  it(
    `fails 50 MB answers at the ${BODY_CAP / MiB} MiB cap, and the worker's peak memory grows by less than ${PEAK_GROWTH_BOUND / MiB} MiB`,
    { timeout: 90_000 },
    async () => {
      // Reset the kernel's peak-RSS mark (VmHWM) so it measures this phase only.
      writeFileSync(`/proc/${worker.pid}/clear_refs`, '5');
      const before = memoryOf(worker.pid);
      const outcomes = await Promise.all(BIG_CASES.map(runCase));
      const after = memoryOf(worker.pid);
      BIG_CASES.forEach((c, i) => expectFailedWithReason(outcomes[i]!, c));

      const growth = after.peak - before.current;
      console.info(
        `hostile 50 MB cases: worker RSS ${(before.current / MiB).toFixed(0)} MiB before, ` +
          `peak ${(after.peak / MiB).toFixed(0)} MiB during (+${(growth / MiB).toFixed(0)} MiB; bound ${PEAK_GROWTH_BOUND / MiB} MiB)`,
      );
      expect(growth).toBeLessThan(PEAK_GROWTH_BOUND);
    },
  );

  it(
    "stops a server whose tool listing never ends at the run's request allowance, counting requests apart from calls",
    { timeout: 90_000 },
    async () => {
      const server = await startHostileServer(hostile.endlessProbePages());
      servers.push(server);
      // max_calls 1 allows 1 × 10 + 20 = 30 HTTP requests of any kind; without counting them the executor read 100
      // pages (its own cap) before the one call.
      const seeded = await seedSuite(database.db, {
        serverUrl: server.url,
        yaml: `${suiteYaml('endless-tool-pages', '10s')}policy: { max_calls: 1 }\n`,
      });
      const runId = await queueRun(database.db, redis, seeded);
      const run = await finished(runId);
      expect(run).toMatchObject({ callsUsed: 0, requestsUsed: 30, skipped: 1 });
      const results = await database.db
        .tenant(seeded.tenantId)
        .assertionResult.findMany({ where: { runId }, select: { status: true, detail: true } });
      expect(results).toEqual([
        {
          status: 'SKIP',
          detail:
            'request budget exhausted: this run may send at most 30 HTTP requests (10 per call of max_calls + 20)',
        },
      ]);
      expect(server.requests.length).toBeLessThanOrEqual(30);
      expect(server.requests.filter((r) => r.endsWith('tools/call'))).toEqual([]);
    },
  );

  it(
    'survives: the worker process is still up, failed no job, and passes a normal suite',
    { timeout: 60_000 },
    async () => {
      expect(() => process.kill(worker.pid, 0)).not.toThrow();
      expect(worker.output()).not.toContain('"msg":"job failed"');
      await expectNormalSuitePasses();
    },
  );
});

describe('the safe fetch on the same redirects, without the SDK', () => {
  // The SDK refuses cross-origin redirects before the safe fetch sees them; a caller that lets the safe fetch follow
  // (webhooks do) is refused by its address rules instead, naming the rule.
  it.each([
    [
      '10.0.0.1',
      307,
      'http://10.0.0.1/mcp',
      'private_address',
      '10.0.0.1 is a private address (MCPTEST_ALLOW_PRIVATE_NETWORKS does not include it)',
    ],
    [
      'the metadata address',
      301,
      'http://169.254.169.254/latest/meta-data/',
      'metadata',
      '169.254.169.254 is a cloud metadata address (never allowed)',
    ],
  ] as const)('refuses a %s redirect target', async (_what, status, location, rule, words) => {
    const server = await startHostileServer(hostile.redirects('initialize', status, location));
    servers.push(server);
    const safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
    try {
      const error = await safeFetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SsrfRefusedError);
      expect(error).toMatchObject({ rule });
      expect((error as Error).message).toContain(`redirect from 127.0.0.1:${server.port}: ${words}`);
    } finally {
      await safeFetch.close();
    }
  });
});
