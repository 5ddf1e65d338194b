// Untrusted computation through the real worker (issue 14, item 1): a tenant's catastrophic regex, a server's
// catastrophic outputSchema pattern, a server's answer of 20,000+ lines opening brackets under json_path, and a check
// that no engine makes fast (a server's `uniqueItems` over 20,000 objects) each end their assertion with a FAIL and a
// reason, the last one at the check deadline; and another tenant's normal run, queued while they are in progress,
// passes. Before the check pool, the first one alone froze the worker's event loop: no other run finished
// (docs/security.md, "Untrusted computation").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { queueRun, runRow, seedSuite, spawnWorkerProcess, useWorkerMock, waitFor, type WorkerProcess } from '../worker';
import { hostile, startHostileServer, type HostileBehaviour, type HostileServer } from './servers';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();

/** The worker's check deadline in this file (WORKER_CHECK_TIMEOUT_MS). */
const CHECK_TIMEOUT_MS = 2_000;

let worker: WorkerProcess;
const servers: HostileServer[] = [];

beforeAll(async () => {
  worker = await spawnWorkerProcess(
    {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      WORKER_CONCURRENCY: '8',
      WORKER_CHECK_THREADS: '3',
      WORKER_CHECK_TIMEOUT_MS: String(CHECK_TIMEOUT_MS),
      WORKER_SHUTDOWN_GRACE_SECONDS: '2',
      POLITENESS_REQUESTS_PER_SECOND_PER_HOST: '1000',
      POLITENESS_MAX_IN_FLIGHT_PER_HOST: '64',
    },
    45_000,
  );
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await Promise.all(servers.map((server) => server.close()));
});

interface CheckCase {
  readonly name: string;
  readonly behaviour: () => HostileBehaviour;
  /** The assertion's `expect:` block, as YAML flow. */
  readonly expect: string;
  /** What the assertion's reason must say. */
  readonly detail: RegExp;
}

const A36 = `${'a'.repeat(36)}!`;

const CASES: CheckCase[] = [
  {
    name: 'catastrophic-matches-regex',
    behaviour: () => hostile.answers({ text: A36 }),
    expect: `{ matches_regex: ["^(a+)+$"] }`,
    detail: /^expected result to match regex "\^\(a\+\)\+\$", got: a{36}!$/,
  },
  {
    name: 'catastrophic-output-schema-pattern',
    behaviour: () =>
      hostile.answers({
        text: 'ok',
        structuredContent: { id: A36 },
        outputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+$' } } },
      }),
    expect: `{ output_schema: true }`,
    detail:
      /^output_schema: structuredContent does not match the outputSchema: structuredContent\/id must match pattern "\^\(a\+\)\+\$"$/,
  },
  {
    name: 'json-path-on-25k-bracket-lines',
    behaviour: () => hostile.answers({ text: `note\n${'[\n{\n'.repeat(12_500)}x` }),
    expect: `{ json_path: { "$.a": 1 } }`,
    detail: /^json_path: result is not valid JSON: .+; got: note\n\[\n\{/s,
  },
  {
    name: 'unique-items-over-20k-objects',
    behaviour: () =>
      hostile.answers({
        text: 'ok',
        structuredContent: { items: Array.from({ length: 20_000 }, (_, id) => ({ id })) },
        outputSchema: { type: 'object', properties: { items: { type: 'array', uniqueItems: true } } },
      }),
    expect: `{ output_schema: true }`,
    detail: new RegExp(`^check exceeded its time limit \\(${CHECK_TIMEOUT_MS} ms\\)$`),
  },
];

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

async function queueCase(c: CheckCase): Promise<{ runId: string; tenantId: string }> {
  const server = await startHostileServer(c.behaviour());
  servers.push(server);
  const seeded = await seedSuite(database.db, {
    serverUrl: server.url,
    yaml: `name: hostile ${c.name}
timeout: 30s
assertions:
  - name: ${c.name}
    assert: { tool: probe, args: {}, expect: ${c.expect} }
`,
  });
  return { runId: await queueRun(database.db, redis, seeded), tenantId: seeded.tenantId };
}

async function queueNormalRun(): Promise<string> {
  const seeded = await seedSuite(database.db, {
    serverUrl: mock.url,
    yaml: `name: a normal one-call suite
assertions:
  - name: finds apples
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples], matches_regex: ["^found"] } }
`,
  });
  return queueRun(database.db, redis, seeded);
}

describe('untrusted checks through the real worker', () => {
  it('passes a normal run first (the worker and its check threads are up)', { timeout: 60_000 }, async () => {
    expect(await finished(await queueNormalRun())).toMatchObject({ status: 'PASSED', passed: 1 });
  });

  it(
    'ends each hostile check with a FAIL and its reason, while another tenant runs normally',
    { timeout: 120_000 },
    async () => {
      const queued = await Promise.all(CASES.map(queueCase));
      // Every hostile run has started (or already ended) before the other tenant's run is queued.
      await waitFor(
        'the hostile runs to start',
        async () => {
          const rows = await Promise.all(queued.map(({ runId }) => runRow(database.db, runId)));
          return rows.every((row) => row && row.status !== 'QUEUED') ? true : undefined;
        },
        60_000,
        100,
      );
      const normal = await finished(await queueNormalRun());
      expect(normal).toMatchObject({ status: 'PASSED', passed: 1, failed: 0 });

      for (const [i, c] of CASES.entries()) {
        const { runId, tenantId } = queued[i]!;
        expect.soft(await finished(runId), c.name).toMatchObject({ status: 'FAILED' });
        const results = await database.db
          .tenant(tenantId)
          .assertionResult.findMany({ where: { runId }, select: { status: true, detail: true } });
        expect.soft(results, c.name).toHaveLength(1);
        expect.soft(results[0]?.status, c.name).toBe('FAIL');
        expect.soft(results[0]?.detail ?? '', c.name).toMatch(c.detail);
      }
    },
  );

  it(
    'survives: the worker process is still up, failed no job, and passes a normal run',
    { timeout: 60_000 },
    async () => {
      expect(() => process.kill(worker.pid, 0)).not.toThrow();
      expect(worker.output()).not.toContain('"msg":"job failed"');
      expect(await finished(await queueNormalRun())).toMatchObject({ status: 'PASSED', passed: 1 });
    },
  );
});
