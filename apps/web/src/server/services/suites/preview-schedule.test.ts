// The schedule preview: what a save would answer, from the same check and the tenant's plan minimum.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { previewSchedule } from './preview-schedule';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { updateSuite } from './update-suite';

const database = useTestDatabase();
const redis = useTestRedis();
// The clock the next firings are counted from.
const deps = testServiceDeps(database, redis, { now: () => new Date('2026-03-02T10:15:00Z') });
const YAML = 'assertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n';

describe('previewSchedule', () => {
  it('lists the next five firings in the zone, and refuses what a save refuses', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML, plan: 'FREE' });
    const actor = { tenantId: seeded.tenantId };
    // 2026-03-02 10:15 UTC is 11:15 in Berlin: the next 09:00 Berlin weekday is Tuesday 08:00 UTC.
    expect(await previewSchedule(deps, actor, { cron: ' 0 9 * * 1-5 ', timezone: 'Europe/Berlin' })).toEqual({
      ok: true,
      next: [
        '2026-03-03T08:00:00.000Z',
        '2026-03-04T08:00:00.000Z',
        '2026-03-05T08:00:00.000Z',
        '2026-03-06T08:00:00.000Z',
        '2026-03-09T08:00:00.000Z',
      ],
      minIntervalSeconds: 3600,
      minInterval: expect.any(String),
    });

    const tooOften = await previewSchedule(deps, actor, { cron: '*/5 * * * *', timezone: 'UTC' });
    expect(tooOften).toMatchObject({ ok: false, code: 'too_frequent', minIntervalSeconds: 3600 });
    const saved = await updateSuite(deps, actor, seeded.suiteId, { schedule: '*/5 * * * *' }).catch((e: unknown) => e);
    expect(saved).toMatchObject({ code: 'validation_failed', message: tooOften.ok ? '' : tooOften.message });

    expect(await previewSchedule(deps, actor, { cron: '0 9 * * *', timezone: 'Mars/Olympus' })).toMatchObject({
      ok: false,
      code: 'invalid_timezone',
    });
    expect(await previewSchedule(deps, actor, { cron: '61 * * * *', timezone: 'UTC' })).toMatchObject({
      ok: false,
      code: 'invalid_cron',
    });
  });
});
