import { listKeys } from '@mcptest/redis';
// A run end to end through the real queue: Postgres, Redis, BullMQ, an in-process worker and the mock MCP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { useTestRedis } from '../../../../test/redis';
import {
  queueRun,
  runRow,
  seedSuite,
  startTestWorker,
  waitFor,
  useWorkerMock,
  waitForRunEnd,
  finishedRunEvents,
} from '../../../../test/worker';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  worker = await startTestWorker(database, redis);
});
afterAll(async () => {
  await worker?.stop();
});

const finished = (runId: string, timeoutMs?: number) => waitForRunEnd(database.db, runId, timeoutMs);

const SUITE = `
name: lifecycle
assertions:
  - name: finds apples
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples] } }
  - name: finds pears
    assert: { tool: search, args: { q: pears }, expect: { contains: [found pears] } }
  - name: slow answer
    assert: { tool: slow, args: { n: 1 }, expect: { contains: [slow 1] } }
`;

describe('run lifecycle', () => {
  it('executes a queued run: running, then passed, with results, events, calls used and a new baseline', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: mock.url, yaml: SUITE });
    const runId = await queueRun(database.db, redis, seeded);
    const running = await waitFor('the run to start', async () => {
      const run = await runRow(database.db, runId);
      return run?.status === 'RUNNING' ? run : undefined;
    });
    expect(running.workerId).toBe(worker.workerId);
    const run = await finished(runId);
    expect(run).toMatchObject({
      status: 'PASSED',
      total: 3,
      passed: 3,
      failed: 0,
      skipped: 0,
      callsUsed: 3,
      attempts: 1,
      // The server's protocol is auto (the default): the YAML mock is a 2025-era server.
      protocolVersion: '2025-11-25',
    });
    expect(run.finishedAt!.getTime()).toBeGreaterThanOrEqual(run.startedAt!.getTime());
    expect(run.durationMs).toBeGreaterThanOrEqual(600);
    // Every HTTP request counts, not only the three tool calls: three sessions (initialize, notification, close...).
    expect(run.requestsUsed).toBeGreaterThanOrEqual(3 * 3);

    const results = await database.db.tenant(seeded.tenantId).assertionResult.findMany({ where: { runId } });
    expect(results.map((r) => [r.assertionKey, r.status, r.tool, r.toolClass, r.decision]).sort()).toEqual([
      ['finds apples', 'PASS', 'search', 'READ_ONLY', 'EXECUTE'],
      ['finds pears', 'PASS', 'search', 'READ_ONLY', 'EXECUTE'],
      ['slow answer', 'PASS', 'slow', 'READ_ONLY', 'EXECUTE'],
    ]);

    const events = (await finishedRunEvents(redis, runId)).map((e) => e.event.type);
    expect(events[0]).toBe('run.started');
    expect(events.filter((t) => t === 'assertion.finished')).toHaveLength(3);
    expect(events.at(-1)).toBe('run.finished');

    const baseline = await database.db
      .tenant(seeded.tenantId)
      .baseline.findFirst({ where: { suiteId: seeded.suiteId } });
    expect(baseline?.runId).toBe(runId);
    expect((baseline?.results as { entries: unknown[] }).entries).toHaveLength(3);
  });

  it('records PASS -> FAIL regressions against the baseline, and a failing run does not move it', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: mock.url, yaml: SUITE });
    const first = await finished(await queueRun(database.db, redis, seeded, { trigger: 'MANUAL' }));
    expect(first.status).toBe('PASSED');
    // Version 2 of the suite expects something else from "finds pears"; runs pin the version they were queued with.
    const tdb = database.db.tenant(seeded.tenantId);
    const v2 = SUITE.replace('contains: [found pears]', 'contains: [found plums]');
    await tdb.suiteVersion.create({
      data: { tenantId: seeded.tenantId, suiteId: seeded.suiteId, version: 2, yaml: v2 },
    });
    await tdb.suite.update({ where: { id: seeded.suiteId }, data: { yaml: v2, version: 2 } });
    const second = await finished(await queueRun(database.db, redis, seeded, { trigger: 'MANUAL' }));
    expect(second).toMatchObject({ status: 'FAILED', suiteVersion: 2, passed: 2, failed: 1 });
    expect(second.regressions).toEqual([
      expect.objectContaining({ name: 'finds pears', before: 'PASS', after: 'FAIL' }),
    ]);
    const baseline = await tdb.baseline.findFirst({ where: { suiteId: seeded.suiteId } });
    expect(baseline?.runId).toBe(first.id);
  });

  it('ends a run against an unreachable server in error with the reason, and the worker goes on', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: SUITE });
    const run = await finished(await queueRun(database.db, redis, seeded));
    // Not "failed 3/3": nothing could be tested, which is an error of the run, not three test failures.
    expect(run).toMatchObject({ status: 'ERROR', failed: 3, regressions: [] });
    // Port 9 is one fetch refuses outright ("bad port"); a port nobody listens on is in the badge service test.
    expect(run.error).toMatch(/^the server could not be tested: could not connect to http:\/\/127\.0\.0\.1:9\/mcp: /);
    const results = await database.db.tenant(seeded.tenantId).assertionResult.findMany({ where: { runId: run.id } });
    expect(results[0]?.detail).toMatch(/ECONNREFUSED|connect|refused/i);
    const events = await finishedRunEvents(redis, run.id);
    expect(events.at(-1)?.event).toMatchObject({ type: 'run.finished', status: 'error', error: run.error });
    const healthy = await seedSuite(database.db, { serverUrl: mock.url, yaml: SUITE, tenantId: seeded.tenantId });
    expect((await finished(await queueRun(database.db, redis, healthy))).status).toBe('PASSED');
  });

  it('ends in error with the reason when the run cannot execute (a metadata address, an invalid policy)', async () => {
    const metadata = await seedSuite(database.db, { serverUrl: 'http://169.254.169.254/mcp', yaml: SUITE });
    const refused = await finished(await queueRun(database.db, redis, metadata));
    expect(refused.status).toBe('ERROR');
    expect(refused.error).toMatch(/^the server could not be tested: .*169\.254\.169\.254/);
    const detail = (
      await database.db.tenant(metadata.tenantId).assertionResult.findFirst({ where: { runId: refused.id } })
    )?.detail;
    expect(detail).toMatch(/169\.254\.169\.254|link-local|metadata/);

    const badPolicy = await seedSuite(database.db, {
      serverUrl: mock.url,
      yaml: SUITE,
      execPolicy: { concurency: 3 },
    });
    const errored = await finished(await queueRun(database.db, redis, badPolicy));
    expect(errored.status).toBe('ERROR');
    expect(errored.error).toMatch(/exec policy is invalid/);
  });

  it('decrypts the server headers only in the worker, sends them, and keeps them out of Redis', async () => {
    const seen: string[] = [];
    const { createServer } = await import('node:http');
    // Records the header and refuses: enough to see what the worker sent.
    const server = createServer((req, res) => {
      seen.push(String(req.headers.authorization));
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const seeded = await seedSuite(database.db, {
        serverUrl: `http://127.0.0.1:${port}/mcp`,
        yaml: SUITE,
        headers: { Authorization: 'Bearer s3cret-token' },
      });
      const run = await finished(await queueRun(database.db, redis, seeded));
      // Refused at initialize: the server could not be tested.
      expect(run.status).toBe('ERROR');
      expect(run.error).toMatch(/HTTP 401 \(unauthorized: give the credentials as server headers\)/);
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set(['Bearer s3cret-token']));
      for (const key of await listKeys(redis.redis, `${redis.prefix}:*`)) {
        const type = await redis.redis.type(key);
        const dump =
          type === 'string'
            ? await redis.redis.get(key)
            : type === 'hash'
              ? JSON.stringify(await redis.redis.hgetall(key))
              : type === 'stream'
                ? JSON.stringify(await redis.redis.xrange(key, '-', '+'))
                : type === 'list'
                  ? JSON.stringify(await redis.redis.lrange(key, 0, -1))
                  : '';
        expect(dump ?? '', key).not.toContain('s3cret');
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
