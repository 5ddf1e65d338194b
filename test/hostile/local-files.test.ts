// Issue 14, item 2: a hosted run never reads the worker's files. Suites that try (file_* on /etc/passwd and
// /proc/self/environ, audit_log on /etc/hostname, /dev/zero and a FIFO, {{fixture}}) are stored directly in Postgres,
// past the API that refuses them (as a suite saved before that check would be), and run by the worker's real entry point
// as a child process. Every such assertion must FAIL with the refusal, and no result detail or transcript may hold a
// byte of those files; the run must end (a FIFO read would hang it) and the harmless assertion beside them still pass.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { queueRun, seedSuite, spawnWorkerProcess, useWorkerMock, waitForRunEnd, type WorkerProcess } from '../worker';

const database = useTestDatabase();
const redis = useTestRedis();
const mock = useWorkerMock();

const REFUSED = "reads the runner's local files; only the CLI may";

let worker: WorkerProcess;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mcptest-hosted-files-'));
  execFileSync('mkfifo', [path.join(dir, 'pipe')]);
  worker = await spawnWorkerProcess(
    {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      WORKER_SHUTDOWN_GRACE_SECONDS: '2',
      POLITENESS_REQUESTS_PER_SECOND_PER_HOST: '1000',
      POLITENESS_MAX_IN_FLIGHT_PER_HOST: '64',
    },
    45_000,
  );
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("hosted runs and the worker's files", { timeout: 90_000 }, () => {
  it('fail every assertion that would read them, and no result holds their content', async () => {
    const pipe = path.join(dir, 'pipe');
    const seeded = await seedSuite(database.db, {
      serverUrl: mock.url,
      yaml: `name: reads the worker's files
timeout: 10s
assertions:
  - name: passwd
    assert: { tool: search, args: { q: a }, expect: { file_contains: { /etc/passwd: "x" } } }
  - name: environ
    assert: { tool: search, args: { q: a }, expect: { file_not_contains: { /proc/self/environ: "REDIS_PREFIX=" } } }
  - name: hostname
    audit_log: /etc/hostname
    trajectory: [{ type: presence, tools: [search] }]
  - name: zero
    audit_log: /dev/zero
    trajectory: [{ type: presence, tools: [search] }]
  - name: fifo
    assert: { tool: search, args: { q: a }, expect: { file_unchanged: ["${pipe}"] } }
  - name: fifo log
    audit_log: "${pipe}"
    trajectory: [{ type: presence, tools: [search] }]
  - name: fixture
    assert: { tool: search, args: { q: "{{fixture}}/../../etc/passwd" }, expect: { contains: [found] } }
  - name: harmless
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples] } }
`,
    });
    const runId = await queueRun(database.db, redis, seeded);
    const run = await waitForRunEnd(database.db, runId, 60_000);
    expect(run).toMatchObject({ status: 'FAILED', failed: 7, passed: 1 });

    const results = await database.db.tenant(seeded.tenantId).assertionResult.findMany({
      where: { runId },
      select: { name: true, status: true, detail: true, transcript: true },
      orderBy: { createdAt: 'asc' },
    });
    const byName = Object.fromEntries(results.map((r) => [r.name, r]));
    for (const [name, key] of [
      ['passwd', '`assert.expect.file_contains`'],
      ['environ', '`assert.expect.file_not_contains`'],
      ['hostname', '`audit_log`'],
      ['zero', '`audit_log`'],
      ['fifo', '`assert.expect.file_unchanged`'],
      ['fifo log', '`audit_log`'],
      ['fixture', '`{{fixture}}` in `assert.args.q`'],
    ] as const) {
      expect.soft(byName[name], name).toMatchObject({ status: 'FAIL', detail: `${key} ${REFUSED}` });
    }
    expect(byName.harmless).toMatchObject({ status: 'PASS' });

    // Nothing of the files reached the tenant: not in any detail, not in any transcript.
    const stored = JSON.stringify(results);
    const passwdFirstLine = readFileSync('/etc/passwd', 'utf8').split('\n')[0] ?? '';
    expect(passwdFirstLine.length).toBeGreaterThan(0);
    expect(stored).not.toContain(passwdFirstLine);
    expect(stored).not.toContain('root:');
    expect(stored).not.toContain(redis.prefix);
    expect(stored).not.toContain(database.url);
    const hostname = readFileSync('/etc/hostname', 'utf8').trim();
    if (hostname.length >= 4) expect(stored).not.toContain(hostname);
    expect(stored).not.toMatch(/invalid JSON|cannot read|not a regular file/);
  });
});
