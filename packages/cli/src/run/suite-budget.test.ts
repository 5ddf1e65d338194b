import { createMemoryCallBudget } from '@mcptest/mcp';
import { describe, expect, it } from 'vitest';
import { limitSuiteBudget } from './suite-budget';

async function acquireAll(budget: { acquire(): Promise<{ ok: boolean }> }, times: number): Promise<boolean[]> {
  const out: boolean[] = [];
  for (let i = 0; i < times; i++) out.push((await budget.acquire()).ok);
  return out;
}

describe('limitSuiteBudget', () => {
  it('uses the run budget as it is without a narrower suite limit', () => {
    const run = createMemoryCallBudget({ maxCalls: 3 });
    expect(limitSuiteBudget(run, 3, undefined)).toBe(run);
    expect(limitSuiteBudget(run, 3, 3)).toBe(run);
  });

  it('stops a suite at its own limit while the run budget keeps the rest for other suites', async () => {
    const run = createMemoryCallBudget({ maxCalls: 5 });
    expect(await acquireAll(limitSuiteBudget(run, 5, 2), 3)).toEqual([true, true, false]);
    expect(await run.used()).toBe(2);
    expect(await acquireAll(limitSuiteBudget(run, 5, 2), 3)).toEqual([true, true, false]);
    expect(await acquireAll(run, 2)).toEqual([true, false]);
  });

  it('stops at the run limit when it is lower than what the suite has left', async () => {
    const run = createMemoryCallBudget({ maxCalls: 1 });
    const suite = limitSuiteBudget(run, 1, 4);
    const second = await (async () => {
      await suite.acquire();
      return suite.acquire();
    })();
    expect(second).toEqual({ ok: false, exhausted: { limit: 1, scope: 'run' } });
  });
});
