// Hosted suites run on a shared worker: a suite whose keys read the runner's files (file_* expectations, audit_log,
// fixture, {{fixture}}) is refused on every way in (create, update, restore of an old version), naming the key and its
// line, and nothing is saved. The CLI keeps these keys (packages/core local-file-uses.ts).
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { createSuite } from './create-suite';
import { listSuiteVersions } from './list-suite-versions';
import { restoreSuiteVersion } from './restore-suite-version';
import { updateSuite } from './update-suite';

const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis);

const SAFE = 'assertions:\n  - name: a\n    assert: { tool: echo, expect: { not_error: true } }\n';
const PASSWD = 'assertions:\n  - name: a\n    assert: { tool: echo, expect: { file_contains: { /etc/passwd: x } } }\n';
const ENVIRON =
  'assertions:\n  - name: a\n    assert:\n      tool: echo\n      expect:\n        file_not_contains: { /proc/self/environ: DATABASE_URL }\n';
const AUDIT_LOG =
  'assertions:\n  - name: a\n    audit_log: /etc/hostname\n    trajectory: [{ type: presence, tools: [a] }]\n';

const refused = (line: number, column: number, key: string) => ({
  code: 'validation_failed',
  status: 400,
  message: expect.stringContaining(`line ${line}, column ${column}: \`${key}\` reads the runner's local files`),
  details: [
    expect.objectContaining({
      path: 'yaml',
      line,
      column,
      code: 'local_files',
      field: key,
      message: `\`${key}\` reads the runner's local files; only the CLI may`,
    }),
  ],
});

describe("suites that read the runner's files", () => {
  it('are refused on create, naming the key and its line', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: SAFE });
    const actor = { tenantId: seeded.tenantId };
    const create = (yaml: string) =>
      createSuite(deps, actor, seeded.projectId, { name: 'leak', serverId: seeded.serverId, yaml });
    await expect(create(PASSWD)).rejects.toMatchObject(refused(3, 37, 'assertions[0].assert.expect.file_contains'));
    await expect(create(ENVIRON)).rejects.toMatchObject(refused(6, 9, 'assertions[0].assert.expect.file_not_contains'));
    await expect(create(AUDIT_LOG)).rejects.toMatchObject(refused(3, 5, 'assertions[0].audit_log'));
    const suites = await database.db.tenant(seeded.tenantId).suite.count();
    expect(suites).toBe(1);
  });

  it('are refused on update and on restoring an old version stored before the rule, saving nothing', async () => {
    // Version 1 reads /etc/passwd: stored directly, as a suite saved before this check existed would be.
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: PASSWD });
    const actor = { tenantId: seeded.tenantId };
    await expect(updateSuite(deps, actor, seeded.suiteId, { yaml: AUDIT_LOG })).rejects.toMatchObject(
      refused(3, 5, 'assertions[0].audit_log'),
    );
    expect((await updateSuite(deps, actor, seeded.suiteId, { yaml: SAFE })).version).toBe(2);
    await expect(restoreSuiteVersion(deps, actor, seeded.suiteId, 1)).rejects.toMatchObject(
      refused(3, 37, 'assertions[0].assert.expect.file_contains'),
    );
    const history = await listSuiteVersions(deps, actor, seeded.suiteId);
    expect(history.items.map((v) => [v.version, v.yaml])).toEqual([
      [2, SAFE],
      [1, PASSWD],
    ]);
  });
});
