// The history page's list: newest first, a page at a time, with each version's author.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { createUser } from '@/server/orgs/org-test-helpers';
import { listSuiteVersionHistory } from './list-suite-version-history';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { updateSuite } from './update-suite';

const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis);
const yaml = (tool: string) => `assertions:\n  - name: a\n    assert: { tool: ${tool}, expect: { not_error: true } }\n`;

describe('listSuiteVersionHistory', () => {
  it('pages versions newest first with their authors (null for an API token)', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: yaml('v1') });
    const user = await createUser(database.db, 'Author');
    const person = { tenantId: seeded.tenantId, userId: user.userId };
    await updateSuite(deps, person, seeded.suiteId, { yaml: yaml('v2') });
    await updateSuite(deps, { tenantId: seeded.tenantId, tokenId: 'tok' }, seeded.suiteId, { yaml: yaml('v3') });

    const first = await listSuiteVersionHistory(deps, person, seeded.suiteId, { limit: 2 });
    expect(first.items).toEqual([
      { version: 3, createdAt: expect.any(String), author: null },
      { version: 2, createdAt: expect.any(String), author: { userId: user.userId, email: user.email } },
    ]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listSuiteVersionHistory(deps, person, seeded.suiteId, {
      limit: 2,
      cursor: first.nextCursor ?? undefined,
    });
    expect(second).toEqual({ items: [expect.objectContaining({ version: 1, author: null })], nextCursor: null });
  });

  it('answers not_found for another tenant’s suite', async () => {
    const mine = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: yaml('a') });
    const theirs = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: yaml('a') });
    await expect(
      listSuiteVersionHistory(deps, { tenantId: mine.tenantId }, theirs.suiteId, { limit: 20 }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
