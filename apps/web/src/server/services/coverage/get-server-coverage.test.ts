// A server's coverage table from its stored discovery: against the real server-everything (discovered through the
// service), with suites of the server as the assertions; and its 404s.
import { RISK_LEVELS } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { startEverythingServer, type RunningServer } from '../../../../../../test/mcp-servers';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { discoverServer } from '@/server/services/servers/discover-server';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { getProjectCoverage } from './get-project-coverage';
import { getServerCoverage } from './get-server-coverage';

const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis);

const ECHO_SUITE = `name: echo
assertions:
  - name: echo
    assert: { tool: echo, args: { message: hi }, expect: { contains: [hi] } }
  - name: sum
    setup: [ { tool: toggle-simulated-logging } ]
    assert: { tool: get-sum, args: { a: 1, b: 2 } }
`;

describe('getServerCoverage against server-everything', () => {
  let everything: RunningServer;
  beforeAll(async () => {
    everything = await startEverythingServer();
  });
  afterAll(() => everything?.stop());

  it('says so before a discovery, then lists every discovered tool with its phase', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: everything.url, yaml: ECHO_SUITE });
    const actor = { tenantId: seeded.tenantId };
    const before = await getServerCoverage(deps, actor, seeded.serverId);
    expect(before).toMatchObject({ report: null, discoveredAt: null, suites: [{ id: seeded.suiteId, assertions: 2 }] });

    const discovery = await discoverServer(deps, actor, seeded.serverId);
    const coverage = await getServerCoverage(deps, actor, seeded.serverId);
    const report = coverage.report!;
    expect(report.tools.map((t) => t.name).sort()).toEqual(discovery.tools.map((t) => t.name).sort());
    for (const tool of report.tools) expect(RISK_LEVELS, tool.name).toContain(tool.phase);
    const byName = new Map(report.tools.map((t) => [t.name, t]));
    expect(byName.get('echo')).toMatchObject({
      phase: 'read-only',
      covered: true,
      assertions: 1,
      assertedBy: [{ suite: seeded.suiteId, key: 'suite.yaml#echo' }],
    });
    // A setup step exercises a tool but does not cover it; it is Mutating, so it is listed as not covered and risky.
    expect(byName.get('toggle-simulated-logging')).toMatchObject({ phase: 'medium', covered: false, setupUses: 1 });
    expect(report.uncoveredRisky).toContain('toggle-simulated-logging');
    expect(report.totals).toMatchObject({ tools: discovery.tools.length, covered: 2 });
  });

  it("filters to one of the server's suites, and 404s for a suite of another server", async () => {
    const seeded = await seedSuite(database.db, { serverUrl: everything.url, yaml: ECHO_SUITE });
    const actor = { tenantId: seeded.tenantId };
    await discoverServer(deps, actor, seeded.serverId);
    const tdb = database.db.tenant(seeded.tenantId);
    const other = await tdb.suite.create({
      data: {
        tenantId: seeded.tenantId,
        projectId: seeded.projectId,
        serverId: seeded.serverId,
        name: 'tiny',
        yaml: 'assertions:\n  - assert: { tool: get-env }\n',
        badgeKey: `coverage-${seeded.suiteId}`,
      },
    });
    const one = await getServerCoverage(deps, actor, seeded.serverId, { suiteId: other.id });
    expect(one).toMatchObject({ suiteId: other.id, suites: [{ id: other.id, name: 'tiny' }] });
    expect(one.report?.tools.filter((t) => t.covered).map((t) => t.name)).toEqual(['get-env']);
    const all = await getServerCoverage(deps, actor, seeded.serverId);
    expect(all.report?.totals.covered).toBe(3);

    const project = await getProjectCoverage(deps, actor, seeded.projectId);
    expect(project.servers.map((s) => [s.serverId, s.report?.totals.covered])).toEqual([[seeded.serverId, 3]]);

    const elsewhere = await seedSuite(database.db, { serverUrl: everything.url, yaml: ECHO_SUITE });
    await expect(getServerCoverage(deps, actor, seeded.serverId, { suiteId: elsewhere.suiteId })).rejects.toMatchObject(
      { code: 'not_found' },
    );
    await expect(getServerCoverage(deps, actor, elsewhere.serverId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(getProjectCoverage(deps, actor, elsewhere.projectId)).rejects.toMatchObject({ code: 'not_found' });
  });
});
