import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { BudgetAcquisition, BudgetExhausted } from '@mcptest/core';
import { useTestRedis } from '../../../../test/redis';
import {
  createRedisCallBudget,
  createTenantRequestBudget,
  DAILY_BUDGET_KEY_GRACE_MS,
  RUN_BUDGET_KEY_TTL_MS,
  runBudgetKey,
  tenantDailyBudgetKey,
} from './redis-call-budget';

const testRedis = useTestRedis();
const run = promisify(execFile);
let seq = 0;
/** A run id of its own for every test, so counters never leak between tests. */
const fresh = (what: string) => `${what}${(seq += 1)}`;

type Outcome = 'ok' | 'run' | 'tenant_daily';
const outcome = (a: BudgetAcquisition): Outcome => (a.ok ? 'ok' : a.exhausted.scope);
const NOON = Date.UTC(2030, 0, 15, 12);

function budget(options: {
  tenantId?: string;
  runId?: string;
  maxCalls?: number | undefined;
  daily?: number | undefined;
  now?: () => number;
}) {
  return createRedisCallBudget({
    redis: testRedis.redis,
    prefix: testRedis.prefix,
    tenantId: options.tenantId ?? fresh('tenant'),
    runId: options.runId ?? fresh('run'),
    maxCalls: options.maxCalls,
    dailyCallBudget: options.daily,
    now: options.now ?? (() => NOON),
  });
}

describe('createRedisCallBudget', () => {
  it('lets exactly 37 of 4 processes × 50 racing acquisitions through', async () => {
    const runId = fresh('race');
    const tenantId = fresh('tenant');
    const barrier = `${testRedis.prefix}:${fresh('barrier')}`;
    const script = fileURLToPath(new URL('./race-acquirer.ts', import.meta.url));
    const args = [script, testRedis.url, testRedis.prefix, tenantId, runId, '37', '50', barrier];
    // `node --import tsx` rather than the tsx CLI: one process per acquirer instead of two, so they start faster.
    const children = [0, 1, 2, 3].map(() => run(process.execPath, ['--import', 'tsx', ...args], { timeout: 30_000 }));
    // Start them together: wait until all four are connected and blocked, then release them at once.
    const deadline = Date.now() + 20_000;
    while (Number((await testRedis.redis.get(`${barrier}:ready`)) ?? 0) < 4) {
      if (Date.now() > deadline) throw new Error('race acquirers did not start');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await testRedis.redis.rpush(`${barrier}:go`, 'go', 'go', 'go', 'go');
    const reports = (await Promise.all(children)).map(
      ({ stdout }) => JSON.parse(stdout) as { acquired: number; refused: BudgetExhausted[] },
    );

    expect(reports).toHaveLength(4);
    expect(reports.reduce((sum, r) => sum + r.acquired, 0)).toBe(37);
    const refused = reports.flatMap((r) => r.refused);
    expect(refused).toHaveLength(163);
    expect(new Set(refused.map((e) => JSON.stringify(e)))).toEqual(
      new Set([JSON.stringify({ limit: 37, scope: 'run' })]),
    );
    expect(await testRedis.redis.get(runBudgetKey(testRedis.prefix, tenantId, runId))).toBe('37');
    expect(await budget({ tenantId, runId, maxCalls: 37 }).used()).toBe(37);
  });

  it.each<{ name: string; maxCalls?: number; daily?: number; outcomes: Outcome[]; used: number }>([
    { name: 'unlimited', outcomes: ['ok', 'ok', 'ok', 'ok'], used: 4 },
    { name: 'run limit 3', maxCalls: 3, outcomes: ['ok', 'ok', 'ok', 'run', 'run'], used: 3 },
    { name: 'run limit 0 refuses at once', maxCalls: 0, outcomes: ['run', 'run'], used: 0 },
    { name: 'daily limit 2', daily: 2, outcomes: ['ok', 'ok', 'tenant_daily', 'tenant_daily'], used: 2 },
    { name: 'run hits before daily', maxCalls: 2, daily: 5, outcomes: ['ok', 'ok', 'run', 'run'], used: 2 },
    { name: 'daily hits before run', maxCalls: 5, daily: 2, outcomes: ['ok', 'ok', 'tenant_daily'], used: 2 },
    { name: 'both at once: run reported', maxCalls: 3, daily: 3, outcomes: ['ok', 'ok', 'ok', 'run'], used: 3 },
  ])('$name', async ({ maxCalls, daily, outcomes, used }) => {
    const b = budget({ maxCalls, daily });
    const seen: Outcome[] = [];
    for (let i = 0; i < outcomes.length; i += 1) seen.push(outcome(await b.acquire()));
    expect(seen).toEqual(outcomes);
    expect(await b.used()).toBe(used);
    // Both counters moved together, and refusals moved neither.
    expect(await b.usage()).toMatchObject({
      run: { used, limit: maxCalls },
      tenantDaily: { day: '2030-01-15', used, limit: daily },
    });
  });

  it('carries the limit that was reached', async () => {
    const r = budget({ maxCalls: 1, daily: 9 });
    await r.acquire();
    expect(await r.acquire()).toEqual({ ok: false, exhausted: { limit: 1, scope: 'run' } });
    const d = budget({ maxCalls: 9, daily: 1 });
    await d.acquire();
    expect(await d.acquire()).toEqual({ ok: false, exhausted: { limit: 1, scope: 'tenant_daily' } });
  });

  it('counts requests on counters of their own, against ten per call (plus twenty per run)', async () => {
    const tenantId = fresh('tenant');
    const b = budget({ tenantId, maxCalls: 1, daily: 100 });
    for (let i = 0; i < 30; i += 1) expect(await b.acquireRequest()).toEqual({ ok: true });
    expect(await b.acquireRequest()).toEqual({ ok: false, exhausted: { limit: 30, scope: 'run', unit: 'requests' } });
    expect(await b.acquire()).toEqual({ ok: true });
    expect([await b.used(), await b.requestsUsed()]).toEqual([1, 30]);
    expect((await b.usage()).requests).toEqual({
      run: { used: 30, limit: 30 },
      tenantDaily: { day: '2030-01-15', used: 30, limit: 1000 },
    });
    // Requests outside any run (discovery in the web app) take from the same daily allowance, and only from it.
    const tenantOnly = createTenantRequestBudget({
      redis: testRedis.redis,
      prefix: testRedis.prefix,
      tenantId,
      dailyCallBudget: 4,
      now: () => NOON,
    });
    for (let i = 30; i < 40; i += 1) expect(await tenantOnly.acquireRequest()).toEqual({ ok: true });
    expect(await tenantOnly.acquireRequest()).toEqual({
      ok: false,
      exhausted: { limit: 40, scope: 'tenant_daily', unit: 'requests' },
    });
    expect((await b.usage()).requests.tenantDaily.used).toBe(40);
  });

  it('shares the daily limit between runs of a tenant and keeps run counts apart', async () => {
    const tenantId = fresh('tenant');
    const first = budget({ tenantId, maxCalls: 10, daily: 5 });
    const second = budget({ tenantId, maxCalls: 2, daily: 5 });
    for (let i = 0; i < 3; i += 1) expect(outcome(await first.acquire())).toBe('ok');
    // The second run stops at its own limit without using the tenant's remaining two calls.
    expect([await second.acquire(), await second.acquire(), await second.acquire()].map(outcome)).toEqual([
      'ok',
      'ok',
      'run',
    ]);
    expect(outcome(await first.acquire())).toBe('tenant_daily');
    expect(await first.used()).toBe(3);
    expect(await second.used()).toBe(2);
    expect((await first.usage()).tenantDaily.used).toBe(5);
  });

  it('expires the daily key after its UTC day ends, and a new day counts from zero', async () => {
    const tenantId = fresh('tenant');
    const runId = fresh('run');
    let now = Date.UTC(2030, 0, 15, 23, 59, 0);
    const b = budget({ tenantId, runId, maxCalls: 10, daily: 2, now: () => now });
    expect([await b.acquire(), await b.acquire(), await b.acquire()].map(outcome)).toEqual([
      'ok',
      'ok',
      'tenant_daily',
    ]);

    const dayKey = tenantDailyBudgetKey(testRedis.prefix, tenantId, '2030-01-15');
    expect(await testRedis.redis.get(dayKey)).toBe('2');
    const untilMidnight = 60_000;
    const pttl = await testRedis.redis.pttl(dayKey);
    expect(pttl).toBeGreaterThan(untilMidnight);
    expect(pttl).toBeLessThanOrEqual(untilMidnight + DAILY_BUDGET_KEY_GRACE_MS);
    expect(pttl).toBeGreaterThan(untilMidnight + DAILY_BUDGET_KEY_GRACE_MS - 5_000);
    const runPttl = await testRedis.redis.pttl(runBudgetKey(testRedis.prefix, tenantId, runId));
    expect(runPttl).toBeGreaterThan(RUN_BUDGET_KEY_TTL_MS - 5_000);

    now = Date.UTC(2030, 0, 16, 0, 0, 1);
    expect((await b.usage()).tenantDaily).toEqual({ day: '2030-01-16', used: 0, limit: 2 });
    expect(outcome(await b.acquire())).toBe('ok');
    const nextKey = tenantDailyBudgetKey(testRedis.prefix, tenantId, '2030-01-16');
    expect(await testRedis.redis.get(nextKey)).toBe('1');
    const nextPttl = await testRedis.redis.pttl(nextKey);
    expect(nextPttl).toBeGreaterThan(24 * 3600_000 - 1_000 - 5_000);
    expect(nextPttl).toBeLessThanOrEqual(24 * 3600_000 - 1_000 + DAILY_BUDGET_KEY_GRACE_MS);
    expect(await b.used()).toBe(3);
  });

  it.each([-1, 1.5])('rejects limit %s', (limit) => {
    expect(() => budget({ maxCalls: limit })).toThrow(RangeError);
    expect(() => budget({ daily: limit })).toThrow(RangeError);
  });

  it.each(['', 'a:b'])('rejects id %j', (id) => {
    expect(() => budget({ runId: id })).toThrow(RangeError);
    expect(() => budget({ tenantId: id })).toThrow(RangeError);
  });
});
