// The project aggregate badge and its lazily created key, against real Postgres and Redis.
import { describe, expect, it } from 'vitest';
import { DbError } from '@mcptest/db';
import { invalidateBadges } from '@mcptest/redis';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { addRun, addSuite, seedBadgeSuite, suiteBadgeKey } from './badge-test-helpers';
import type { BadgeRequest } from './badge-request';
import { ensureProjectBadgeKey } from './ensure-project-badge-key';
import { getProjectBadge } from './get-project-badge';
import type { BadgeDeps } from './serve-cached-badge';

const database = useTestDatabase();
const testRedis = useTestRedis();
const deps = (): BadgeDeps => ({ db: database.db, redis: testRedis.redis, prefix: testRedis.prefix });
const json = (badgeKey: string): BadgeRequest => ({ badgeKey, format: 'json', style: 'flat' });
const message = async (badgeKey: string) =>
  (JSON.parse((await getProjectBadge(deps(), json(badgeKey))).body) as { message: string }).message;

describe('ensureProjectBadgeKey', () => {
  it('creates an unguessable key once, and every later or concurrent call gets the same one', async () => {
    const seeded = await seedBadgeSuite(database.db);
    const actor = { tenantId: seeded.tenantId };
    const keys = await Promise.all(
      Array.from({ length: 5 }, () => ensureProjectBadgeKey({ db: database.db }, actor, seeded.projectId)),
    );
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await ensureProjectBadgeKey({ db: database.db }, actor, seeded.projectId)).toBe(keys[0]);
    const other = await seedBadgeSuite(database.db);
    expect(await ensureProjectBadgeKey({ db: database.db }, { tenantId: other.tenantId }, other.projectId)).not.toBe(
      keys[0],
    );
  });

  it('finds no project of another tenant, nor outside a project-restricted token', async () => {
    const seeded = await seedBadgeSuite(database.db);
    const stranger = await seedBadgeSuite(database.db);
    const attempts = [
      () => ensureProjectBadgeKey({ db: database.db }, { tenantId: stranger.tenantId }, seeded.projectId),
      () =>
        ensureProjectBadgeKey(
          { db: database.db },
          { tenantId: seeded.tenantId, projectId: 'another-project' },
          seeded.projectId,
        ),
      () => ensureProjectBadgeKey({ db: database.db }, { tenantId: seeded.tenantId }, 'no-such-project'),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toSatisfy((e) => e instanceof DbError && e.code === 'not_found');
    }
    const project = await database.db
      .tenant(seeded.tenantId)
      .project.findFirstOrThrow({ where: { id: seeded.projectId } });
    expect(project.badgeKey).toBeNull();
  });
});

describe('getProjectBadge', () => {
  it('aggregates the latest finished run of each enabled suite', async () => {
    const a = await seedBadgeSuite(database.db);
    const key = await ensureProjectBadgeKey({ db: database.db }, { tenantId: a.tenantId }, a.projectId);
    const invalidate = () => invalidateBadges(testRedis.redis, testRedis.prefix, { projectId: a.projectId });
    expect(await message(key)).toBe('no runs');

    const b = await addSuite(database.db, a);
    const neverRun = await addSuite(database.db, a);
    const disabled = await addSuite(database.db, a, { enabled: false });
    await addRun(database.db, a, { status: 'PASSED' });
    await addRun(database.db, b, { status: 'PASSED' });
    await addRun(database.db, disabled, { status: 'FAILED', failed: 1 });
    await addRun(database.db, neverRun, { status: 'CANCELLED' });
    await invalidate();
    expect(await message(key)).toBe('passing');

    await addRun(database.db, b, { status: 'FAILED', failed: 2, total: 5 });
    await invalidate();
    // Suites are counted, not assertions: one of the two judged suites fails.
    expect(await message(key)).toBe('failing 1/2');

    await addRun(database.db, a, { status: 'ERROR' });
    await invalidate();
    expect(await message(key)).toBe('failing 2/2');

    await addRun(database.db, b, { status: 'PASSED' });
    await invalidate();
    expect(await message(key)).toBe('error');
    const badge = await getProjectBadge(deps(), json(key));
    expect(badge).toMatchObject({ status: 200, cache: 'hit' });
    expect(JSON.parse(badge.body)).toMatchObject({ color: 'orange' });
  });

  it('is cached until the project is invalidated', async () => {
    const seeded = await seedBadgeSuite(database.db);
    const key = await ensureProjectBadgeKey({ db: database.db }, { tenantId: seeded.tenantId }, seeded.projectId);
    await addRun(database.db, seeded, { status: 'PASSED' });
    expect((await getProjectBadge(deps(), json(key))).cache).toBe('miss');
    await addRun(database.db, seeded, { status: 'FAILED', failed: 1, total: 1 });
    expect(await message(key)).toBe('passing');
    // A suite's invalidation alone does not touch the project's badge: the worker names both.
    await invalidateBadges(testRedis.redis, testRedis.prefix, { suiteId: seeded.suiteId });
    expect(await message(key)).toBe('passing');
    await invalidateBadges(testRedis.redis, testRedis.prefix, { suiteId: seeded.suiteId, projectId: seeded.projectId });
    expect(await message(key)).toBe('failing 1/1');
  });

  it('answers 404 for unknown keys, a project id, and a suite key', async () => {
    const seeded = await seedBadgeSuite(database.db);
    const suiteKey = await suiteBadgeKey(database.db, seeded);
    for (const badgeKey of ['unknown-project-key-000000000000', seeded.projectId, suiteKey]) {
      const badge = await getProjectBadge(deps(), json(badgeKey));
      expect(badge.status).toBe(404);
      expect(JSON.parse(badge.body)).toMatchObject({ message: 'not found' });
    }
  });
});
