// Starter suites from a stored discovery: against the real server-everything (discovered through the service), and a
// hand-made discovery for the policy's marks (destructive tools skipped for review, mutating ones serial).
import { CoverageReport, loadSuite, REVIEW_SKIP_REASON } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { startEverythingServer, type RunningServer } from '../../../../../../test/mcp-servers';
import { useTestRedis } from '../../../../../../test/redis';
import { queueRun, seedSuite, startTestWorker, waitForRunEnd } from '../../../../../../test/worker';
import { discoverServer } from '@/server/services/servers/discover-server';
import { getServerCoverage } from '@/server/services/coverage/get-server-coverage';
import { checkSuiteYaml } from './check-suite-yaml';
import { PLACEHOLDER_EXAMPLE_YAML, scaffoldStarterSuite } from './scaffold-starter-suite';
import { testServiceDeps } from '@/server/services/test-service-deps';

const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis);
const YAML = 'assertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n';

describe('scaffoldStarterSuite against server-everything', () => {
  let everything: RunningServer;
  beforeAll(async () => {
    everything = await startEverythingServer();
  });
  afterAll(() => everything?.stop());

  it('says "not discovered" before a discovery, then builds a suite that validates with one test per tool', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: everything.url, yaml: YAML });
    const actor = { tenantId: seeded.tenantId };
    expect(await scaffoldStarterSuite(deps, actor, { serverId: seeded.serverId })).toEqual({
      discovered: false,
      serverName: expect.any(String),
    });
    expect(await scaffoldStarterSuite(deps, actor, { serverId: seeded.serverId, kind: 'example' })).toMatchObject({
      discovered: false,
      yaml: PLACEHOLDER_EXAMPLE_YAML,
    });

    const discovery = await discoverServer(deps, actor, seeded.serverId);
    const starter = await scaffoldStarterSuite(deps, actor, { serverId: seeded.serverId });
    if (!starter.discovered) throw new Error('expected a starter suite');
    expect(checkSuiteYaml({ yaml: starter.yaml })).toEqual([]);
    const loaded = loadSuite(starter.yaml, 'suite.yaml');
    if (!loaded.ok) throw new Error('does not load');
    const tools = loaded.suite.assertions.map((a) => (a.kind === 'assert' ? a.block.tool : a.kind));
    expect(tools.sort()).toEqual(discovery.tools.map((t) => t.name).sort());
    expect(starter.tools).toBe(discovery.tools.length);
    // No server block: the hosted server (with its secret headers) is the suite's, never written into YAML.
    expect(loaded.suite.server).toBeUndefined();
    expect(starter.yaml).not.toContain(everything.url);
    // Live checks for read-only tools; every other tool held for review before its first run.
    const coverage = await getServerCoverage(deps, actor, seeded.serverId);
    const phaseOf = new Map(coverage.report!.tools.map((t) => [t.name, t.phase]));
    for (const assertion of loaded.suite.assertions) {
      const tool = assertion.kind === 'assert' ? assertion.block.tool : '';
      expect(assertion.skip !== undefined, tool).toBe(phaseOf.get(tool) !== 'read-only');
    }
    expect(loaded.suite.assertions.find((a) => a.kind === 'assert' && a.block.tool === 'echo')).toMatchObject({
      block: { args: { message: expect.any(String) }, expect: { not_error: true } },
    });

    const example = await scaffoldStarterSuite(deps, actor, { serverId: seeded.serverId, kind: 'example' });
    if (!example.discovered) throw new Error('expected an example');
    expect(example.yaml).toMatch(/^# An example suite for /);
    const one = loadSuite(example.yaml, 'suite.yaml');
    expect(one.ok && one.suite.assertions).toHaveLength(1);
  });

  it('builds a starter suite that runs green through the worker (task-augmented tools included)', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: everything.url, yaml: YAML });
    const actor = { tenantId: seeded.tenantId };
    const discovery = await discoverServer(deps, actor, seeded.serverId);
    // server-everything's simulate-research-query answers a plain tools/call with an error: it needs a task.
    expect(discovery.tools.find((t) => t.name === 'simulate-research-query')?.descriptor).toMatchObject({
      execution: { taskSupport: 'required' },
    });
    const starter = await scaffoldStarterSuite(deps, actor, { serverId: seeded.serverId });
    if (!starter.discovered) throw new Error('expected a starter suite');
    // gzip-file-as-resource's default argument is a GitHub URL the server itself downloads; test machines may have no
    // internet, so it gets the same file as a data: URI (what the tool's schema also accepts).
    const remote = 'https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md';
    expect(starter.yaml).toContain(remote);
    // Tools that may change state are held for review (skip:); a person reviewed them, so the lines go.
    const yaml = starter.yaml
      .replaceAll(remote, 'data:text/plain;base64,IyBSRUFETUUK')
      .split('\n')
      .filter((line) => !(line.trimStart().startsWith('skip:') && line.includes(REVIEW_SKIP_REASON)))
      .join('\n');
    expect(yaml).not.toContain('skip:');
    const tdb = database.db.tenant(seeded.tenantId);
    await tdb.suite.update({ where: { id: seeded.suiteId }, data: { yaml } });
    await tdb.suiteVersion.updateMany({ where: { suiteId: seeded.suiteId }, data: { yaml } });

    const worker = await startTestWorker(database, redis);
    try {
      const run = await waitForRunEnd(database.db, await queueRun(database.db, redis, seeded), 120_000);
      const results = await tdb.assertionResult.findMany({
        where: { runId: run.id },
        select: { name: true, tool: true, status: true, detail: true },
      });
      expect(
        results.filter((r) => r.status === 'FAIL'),
        'no assertion of the starter suite fails',
      ).toEqual([]);
      expect(run).toMatchObject({ status: 'PASSED', failed: 0 });
      expect(results.find((r) => r.tool === 'simulate-research-query')).toMatchObject({ status: 'PASS' });
      // The run stored its coverage: every discovered tool, each covered by the starter suite, with its phase.
      const stored = await tdb.run.findFirst({ where: { id: run.id }, select: { coverage: true } });
      const coverage = CoverageReport.parse(stored?.coverage);
      expect(coverage.tools.map((t) => t.name).sort()).toEqual(discovery.tools.map((t) => t.name).sort());
      expect(coverage.totals.covered).toBe(discovery.tools.length);
    } finally {
      await worker.stop();
    }
  }, 150_000);

  it('answers not_found for another tenant’s server', async () => {
    const mine = await seedSuite(database.db, { serverUrl: everything.url, yaml: YAML });
    const theirs = await seedSuite(database.db, { serverUrl: everything.url, yaml: YAML });
    await expect(
      scaffoldStarterSuite(deps, { tenantId: mine.tenantId }, { serverId: theirs.serverId }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('scaffoldStarterSuite marks', () => {
  it('holds destructive and mutating tools for review, marks mutating ones serial, orders reads first', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    await database.db.tenant(seeded.tenantId).server.updateMany({
      where: { id: seeded.serverId },
      data: {
        discoveredAt: new Date('2026-03-01T09:00:00Z'),
        discovery: {
          format: 1,
          serverInfo: { name: 'files', version: '1.0.0' },
          protocolVersion: '2025-06-18',
          transport: 'http',
          toolsTruncated: false,
          resources: [],
          resourceTemplates: [],
          prompts: [],
          tools: [
            {
              name: 'delete_file',
              inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
            },
            { name: 'create_note', description: 'Line one\nname: injected', inputSchema: { type: 'object' } },
            {
              name: 'read_file',
              annotations: { readOnlyHint: true },
              inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
            },
          ],
        },
      },
    });
    const starter = await scaffoldStarterSuite(deps, { tenantId: seeded.tenantId }, { serverId: seeded.serverId });
    if (!starter.discovered) throw new Error('expected a starter suite');
    expect(starter).toMatchObject({ tools: 3, needsReview: 2, discoveredAt: '2026-03-01T09:00:00.000Z' });
    const loaded = loadSuite(starter.yaml, 'suite.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(loaded.suite.assertions.map((a) => [a.kind === 'assert' && a.block.tool, a.skip !== undefined])).toEqual([
      ['read_file', false],
      ['create_note', true],
      ['delete_file', true],
    ]);
    expect(starter.yaml).toContain('# held for review: risk phase medium: it may change state');
    expect(starter.yaml).toContain('# serial: mutating tool');
    expect(starter.yaml).toContain('# review before first run');
  });
});
