// The project page's suite list and the delete confirmation's counts.
import { describe, expect, it } from 'vitest';
import { seedRun } from '@mcptest/db';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { countProjectContents } from './count-project-contents';
import { listProjectSuites } from './list-project-suites';

const database = useTestDatabase();
const redis = useTestRedis();
const YAML = 'assertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n';

describe('listProjectSuites', () => {
  const deps = testServiceDeps(database, redis);

  it("lists suites newest first with their server's name and latest run, page by page", async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:9/mcp',
      yaml: YAML,
      schedule: '0 * * * *',
    });
    const db = database.db.tenant(seeded.tenantId);
    const second = await db.suite.create({
      data: {
        tenantId: seeded.tenantId,
        projectId: seeded.projectId,
        serverId: seeded.serverId,
        name: 'second',
        yaml: YAML,
        badgeKey: `second-${Date.now()}`,
      },
    });
    await seedRun(db, { suiteId: seeded.suiteId, status: 'PASSED', total: 3, queuedAt: new Date(Date.now() - 60_000) });
    const latest = await seedRun(db, { suiteId: seeded.suiteId, status: 'FAILED', total: 3, failed: 1 });

    const actor = { tenantId: seeded.tenantId };
    const page = await listProjectSuites(deps, actor, seeded.projectId, { limit: 1 });
    expect(page.items).toEqual([
      expect.objectContaining({ id: second.id, name: 'second', latestRun: null, schedule: null, enabled: true }),
    ]);
    expect(page.nextCursor).not.toBeNull();
    const next = await listProjectSuites(deps, actor, seeded.projectId, { limit: 1, cursor: page.nextCursor! });
    expect(next.nextCursor).toBeNull();
    expect(next.items[0]).toMatchObject({
      id: seeded.suiteId,
      serverId: seeded.serverId,
      serverName: expect.stringMatching(/^server /),
      schedule: '0 * * * *',
      latestRun: { id: latest.id, status: 'failed', total: 3, failed: 1 },
    });
    expect(next.items[0]).not.toHaveProperty('yaml');

    expect(await countProjectContents(deps, actor, seeded.projectId)).toEqual({
      servers: 1,
      suites: 2,
      runs: 2,
      webhooks: 0,
    });
  });

  it("answers not_found for another tenant's project", async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const other = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const actor = { tenantId: other.tenantId };
    await expect(listProjectSuites(deps, actor, seeded.projectId, { limit: 20 })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(countProjectContents(deps, actor, seeded.projectId)).rejects.toMatchObject({ code: 'not_found' });
  });
});
