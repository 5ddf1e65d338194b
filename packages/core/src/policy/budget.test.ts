import { describe, expect, it } from 'vitest';
import { budgetExhaustedMessage } from './budget';

describe('budgetExhaustedMessage', () => {
  it.each([
    [{ limit: 37, scope: 'run' } as const, 'at most 37 tool calls (max_calls)'],
    [{ limit: 1000, scope: 'tenant_daily' } as const, 'daily limit of 1000 tool calls'],
  ])('%j', (exhausted, text) => {
    expect(budgetExhaustedMessage(exhausted)).toContain(text);
  });
});
