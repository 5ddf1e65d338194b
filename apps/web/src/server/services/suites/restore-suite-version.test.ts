// Restoring an old version saves it as a new one; restoring what is already current saves nothing.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { listSuiteVersions } from './list-suite-versions';
import { restoreSuiteVersion } from './restore-suite-version';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { updateSuite } from './update-suite';

const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis);
const yaml = (tool: string) => `assertions:\n  - name: a\n    assert: { tool: ${tool}, expect: { not_error: true } }\n`;

describe('restoreSuiteVersion', () => {
  it('saves the old YAML as a new version, and does nothing when it is already current', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: yaml('one') });
    const actor = { tenantId: seeded.tenantId };
    await updateSuite(deps, actor, seeded.suiteId, { yaml: yaml('two') });

    const restored = await restoreSuiteVersion(deps, actor, seeded.suiteId, 1);
    expect(restored).toMatchObject({ restored: true, suite: { version: 3, yaml: yaml('one') } });
    const again = await restoreSuiteVersion(deps, actor, seeded.suiteId, 1);
    expect(again).toMatchObject({ restored: false, suite: { version: 3 } });
    const history = await listSuiteVersions(deps, actor, seeded.suiteId);
    expect(history.items.map((v) => [v.version, v.yaml])).toEqual([
      [3, yaml('one')],
      [2, yaml('two')],
      [1, yaml('one')],
    ]);
  });

  it('answers not_found for a version that does not exist', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: yaml('one') });
    await expect(restoreSuiteVersion(deps, { tenantId: seeded.tenantId }, seeded.suiteId, 7)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
