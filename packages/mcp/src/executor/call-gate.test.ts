import type { CallBudget } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { createCallGate } from './call-gate';

describe('createCallGate', () => {
  it('stops asking the budget once it has refused', async () => {
    let asked = 0;
    const inner = createMemoryCallBudget({ maxCalls: 1 });
    const budget: CallBudget = {
      acquire: () => {
        asked += 1;
        return inner.acquire();
      },
      acquireRequest: () => inner.acquireRequest(),
      used: () => inner.used(),
      requestsUsed: () => inner.requestsUsed(),
    };
    const gate = createCallGate({ budget, concurrency: 2, callDelayMs: 0 });
    expect(await gate.acquireToolCall()).toEqual({ ok: true });
    expect(gate.exhausted).toBeUndefined();
    const refused = { ok: false, exhausted: { limit: 1, scope: 'run' } };
    expect(await gate.acquireToolCall()).toEqual(refused);
    expect(await gate.acquireToolCall()).toEqual(refused);
    expect(asked).toBe(2);
    expect(gate.exhausted).toEqual({ limit: 1, scope: 'run' });
  });

  it.each([1, 2, 3])('keeps at most %i requests in flight', async (concurrency) => {
    const gate = createCallGate({ budget: createMemoryCallBudget(), concurrency, callDelayMs: 0 });
    let inFlight = 0;
    let peak = 0;
    const request = () =>
      gate.send(async () => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        inFlight -= 1;
      });
    await Promise.all(Array.from({ length: 6 }, request));
    expect(peak).toBe(concurrency);
  });

  it('spaces request starts by the call delay', async () => {
    let now = 0;
    const gate = createCallGate({
      budget: createMemoryCallBudget(),
      concurrency: 4,
      callDelayMs: 100,
      clock: {
        now: () => now,
        sleep: (ms) => {
          now += ms;
          return Promise.resolve();
        },
      },
    });
    const starts: number[] = [];
    await Promise.all([1, 2, 3].map(() => gate.send(() => Promise.resolve(starts.push(now)))));
    expect(starts).toEqual([0, 100, 200]);
  });
});
