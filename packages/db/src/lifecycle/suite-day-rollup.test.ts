// The SuiteDay rollup against a real Postgres: written by finishRun, equal to what the raw runs and results give.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { seedSuite } from '../../../../test/worker';
import { claimRun } from '../runs/claim-run';
import { createQueuedRun } from '../runs/create-queued-run';
import { finishRun } from '../runs/finish-run';

const database = useTestDatabase();
const APP_URL = 'https://mcptest.example';

type Outcome = { status: 'PASSED' | 'FAILED' | 'ERROR' | 'CANCELLED'; pass: number; fail: number; ms: number };

async function finishedRun(s: { tenantId: string; suiteId: string }, outcome: Outcome, at: Date): Promise<string> {
  const db = database.db.tenant(s.tenantId);
  const { run } = await createQueuedRun(db, { suiteId: s.suiteId, trigger: 'API' });
  await claimRun(db, { runId: run.id, workerId: 'w', startedAt: new Date(at.getTime() - outcome.ms), now: at });
  const rows = [
    ...Array.from({ length: outcome.pass }, (_, i) => ({ key: `p${i}`, status: 'PASS' as const })),
    ...Array.from({ length: outcome.fail }, (_, i) => ({ key: `f${i}`, status: 'FAIL' as const })),
  ];
  await db.assertionResult.createMany({
    data: rows.map((r) => ({
      tenantId: s.tenantId,
      runId: run.id,
      assertionKey: r.key,
      name: r.key,
      status: r.status,
      createdAt: at,
    })),
  });
  const event =
    outcome.status === 'CANCELLED'
      ? ({ type: 'cancel' } as const)
      : outcome.status === 'ERROR'
        ? ({ type: 'fail' } as const)
        : ({ type: 'finish', status: outcome.status } as const);
  const ended = await finishRun(db, { runId: run.id, event, appUrl: APP_URL, now: at });
  expect(ended.finished).toBe(true);
  return run.id;
}

describe('SuiteDay rollup', () => {
  it('equals the sums over the raw runs and results of each UTC day, concurrent finishes included', async () => {
    const s = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n' });
    const day1 = new Date('2026-11-20T23:59:00.000Z');
    const day2 = new Date('2026-11-21T00:01:00.000Z');
    const outcomes: [Outcome, Date][] = [
      [{ status: 'PASSED', pass: 3, fail: 0, ms: 1200 }, day1],
      [{ status: 'FAILED', pass: 2, fail: 1, ms: 800 }, day1],
      [{ status: 'ERROR', pass: 0, fail: 0, ms: 50 }, day1],
      [{ status: 'PASSED', pass: 3, fail: 0, ms: 900 }, day2],
      [{ status: 'CANCELLED', pass: 1, fail: 0, ms: 300 }, day2],
    ];
    // Eight runs of one suite finishing at once on day 2: the first creates the day's row, none fails on its key.
    for (let i = 0; i < 8; i += 1) outcomes.push([{ status: 'FAILED', pass: 1, fail: 2, ms: 100 + i }, day2]);
    await Promise.all(outcomes.map(([o, at]) => finishedRun(s, o, at)));

    // eslint-disable-next-line no-restricted-properties -- the test reads raw rows to compare the rollup with.
    const raw = await database.db.unscoped.$queryRaw<Record<string, unknown>[]>`
      SELECT to_char((r."finishedAt")::date, 'YYYY-MM-DD') AS day, COUNT(*)::int AS runs,
        (COUNT(*) FILTER (WHERE r."status" = 'PASSED'))::int AS "passedRuns",
        (COUNT(*) FILTER (WHERE r."status" = 'FAILED'))::int AS "failedRuns",
        (COUNT(*) FILTER (WHERE r."status" = 'ERROR'))::int AS "errorRuns",
        (COUNT(*) FILTER (WHERE r."status" = 'CANCELLED'))::int AS "cancelledRuns",
        -- A cancelled run counts as a run only (suiteDayIncrement).
        COALESCE(SUM((SELECT COUNT(*) FROM "AssertionResult" a WHERE a."runId" = r."id")) FILTER (WHERE r."status" <> 'CANCELLED'), 0)::int AS assertions,
        COALESCE(SUM((SELECT COUNT(*) FROM "AssertionResult" a WHERE a."runId" = r."id" AND a."status" = 'PASS')) FILTER (WHERE r."status" <> 'CANCELLED'), 0)::int AS "passedAssertions",
        COALESCE(SUM((SELECT COUNT(*) FROM "AssertionResult" a WHERE a."runId" = r."id" AND a."status" = 'FAIL')) FILTER (WHERE r."status" <> 'CANCELLED'), 0)::int AS "failedAssertions",
        COALESCE(SUM(r."durationMs") FILTER (WHERE r."status" <> 'CANCELLED'), 0)::int AS "durationSumMs",
        COALESCE(MAX(r."durationMs") FILTER (WHERE r."status" <> 'CANCELLED'), 0)::int AS "durationMaxMs"
      FROM "Run" r WHERE r."suiteId" = ${s.suiteId} GROUP BY 1 ORDER BY 1`;
    const rollup = await database.db
      .tenant(s.tenantId)
      .suiteDay.findMany({ where: { suiteId: s.suiteId }, orderBy: { day: 'asc' } });
    expect(
      rollup.map((d) => ({
        day: d.day.toISOString().slice(0, 10),
        runs: d.runs,
        passedRuns: d.passedRuns,
        failedRuns: d.failedRuns,
        errorRuns: d.errorRuns,
        cancelledRuns: d.cancelledRuns,
        assertions: d.assertions,
        passedAssertions: d.passedAssertions,
        failedAssertions: d.failedAssertions,
        durationSumMs: Number(d.durationSumMs),
        durationMaxMs: d.durationMaxMs,
      })),
    ).toEqual(raw);
    expect(rollup.map((d) => d.runs)).toEqual([3, 10]);
  });
});
