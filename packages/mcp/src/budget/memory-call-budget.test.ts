import { describe, expect, it } from 'vitest';
import type { BudgetAcquisition } from '@mcptest/core';
import { createMemoryCallBudget } from './memory-call-budget';

type Outcome = 'ok' | 'run' | 'tenant_daily';

function outcome(a: BudgetAcquisition): Outcome {
  return a.ok ? 'ok' : a.exhausted.scope;
}

describe('createMemoryCallBudget', () => {
  it.each<{ name: string; maxCalls?: number; daily?: number; outcomes: Outcome[]; runUsed: number }>([
    { name: 'unlimited', outcomes: ['ok', 'ok', 'ok', 'ok', 'ok'], runUsed: 5 },
    { name: 'run limit 3', maxCalls: 3, outcomes: ['ok', 'ok', 'ok', 'run', 'run'], runUsed: 3 },
    { name: 'run limit 0 refuses at once', maxCalls: 0, outcomes: ['run', 'run'], runUsed: 0 },
    { name: 'daily limit 2', daily: 2, outcomes: ['ok', 'ok', 'tenant_daily', 'tenant_daily'], runUsed: 2 },
    { name: 'run hits before daily', maxCalls: 2, daily: 5, outcomes: ['ok', 'ok', 'run', 'run'], runUsed: 2 },
    {
      name: 'daily hits before run',
      maxCalls: 5,
      daily: 2,
      outcomes: ['ok', 'ok', 'tenant_daily', 'tenant_daily'],
      runUsed: 2,
    },
    { name: 'both at once: run reported', maxCalls: 3, daily: 3, outcomes: ['ok', 'ok', 'ok', 'run'], runUsed: 3 },
  ])('$name', async ({ maxCalls, daily, outcomes, runUsed }) => {
    const budget = createMemoryCallBudget({ maxCalls, dailyCallBudget: daily, now: () => Date.UTC(2030, 0, 15, 12) });
    const seen: Outcome[] = [];
    for (let i = 0; i < outcomes.length; i += 1) seen.push(outcome(await budget.acquire()));
    expect(seen).toEqual(outcomes);
    expect(await budget.used()).toBe(runUsed);
    // Refusals take nothing from either limit.
    expect(await budget.usage()).toMatchObject({
      run: { used: runUsed, limit: maxCalls },
      tenantDaily: { day: '2030-01-15', used: runUsed, limit: daily },
    });
  });

  it('counts requests apart from calls, against ten per call (plus twenty per run)', async () => {
    const budget = createMemoryCallBudget({ maxCalls: 1, dailyCallBudget: 100 });
    for (let i = 0; i < 30; i += 1) expect(await budget.acquireRequest()).toEqual({ ok: true });
    expect(await budget.acquireRequest()).toEqual({
      ok: false,
      exhausted: { limit: 30, scope: 'run', unit: 'requests' },
    });
    expect(await budget.acquire()).toEqual({ ok: true });
    expect([await budget.used(), await budget.requestsUsed()]).toEqual([1, 30]);
    const daily = createMemoryCallBudget({ maxCalls: 100, dailyCallBudget: 1 });
    for (let i = 0; i < 10; i += 1) await daily.acquireRequest();
    expect(await daily.acquireRequest()).toEqual({
      ok: false,
      exhausted: { limit: 10, scope: 'tenant_daily', unit: 'requests' },
    });
  });

  it('carries the limit that was reached', async () => {
    const run = createMemoryCallBudget({ maxCalls: 1, dailyCallBudget: 9 });
    await run.acquire();
    expect(await run.acquire()).toEqual({ ok: false, exhausted: { limit: 1, scope: 'run' } });
    const daily = createMemoryCallBudget({ maxCalls: 9, dailyCallBudget: 1 });
    await daily.acquire();
    expect(await daily.acquire()).toEqual({ ok: false, exhausted: { limit: 1, scope: 'tenant_daily' } });
  });

  it('is atomic under concurrent acquisitions', async () => {
    const budget = createMemoryCallBudget({ maxCalls: 37 });
    const results = await Promise.all(Array.from({ length: 200 }, () => budget.acquire()));
    expect(results.filter((r) => r.ok)).toHaveLength(37);
    expect(await budget.used()).toBe(37);
  });

  it('starts a fresh daily count on a new UTC day, while the run limit still holds', async () => {
    let now = Date.UTC(2030, 0, 15, 23, 59, 59, 999);
    const budget = createMemoryCallBudget({ maxCalls: 3, dailyCallBudget: 2, now: () => now });
    expect((await Promise.all([budget.acquire(), budget.acquire(), budget.acquire()])).map(outcome)).toEqual([
      'ok',
      'ok',
      'tenant_daily',
    ]);
    now += 1;
    expect((await budget.usage()).tenantDaily).toEqual({ day: '2030-01-16', used: 0, limit: 2 });
    expect(outcome(await budget.acquire())).toBe('ok');
    expect(outcome(await budget.acquire())).toBe('run');
    expect(await budget.usage()).toMatchObject({
      run: { used: 3, limit: 3 },
      tenantDaily: { day: '2030-01-16', used: 1, limit: 2 },
    });
  });

  it.each([-1, 1.5, Number.NaN])('rejects limit %s', (limit) => {
    expect(() => createMemoryCallBudget({ maxCalls: limit })).toThrow(RangeError);
    expect(() => createMemoryCallBudget({ dailyCallBudget: limit })).toThrow(RangeError);
  });
});
