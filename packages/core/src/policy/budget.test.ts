import { describe, expect, it } from 'vitest';
import { budgetExhaustedMessage, requestAllowance } from './budget';

describe('budgetExhaustedMessage', () => {
  it.each([
    [{ limit: 37, scope: 'run' } as const, 'at most 37 tool calls (max_calls)'],
    [{ limit: 1000, scope: 'tenant_daily' } as const, 'daily limit of 1000 tool calls'],
    [{ limit: 30, scope: 'run', unit: 'requests' } as const, 'request budget exhausted: this run may send at most 30'],
    [{ limit: 500, scope: 'tenant_daily', unit: 'requests' } as const, 'daily limit of 500 HTTP requests'],
  ])('%j', (exhausted, text) => {
    expect(budgetExhaustedMessage(exhausted)).toContain(text);
  });
});

describe('requestAllowance', () => {
  it('is ten requests per call, plus twenty per run, and unlimited with the calls', () => {
    expect(requestAllowance(1, 'run')).toBe(30);
    expect(requestAllowance(0, 'run')).toBe(20);
    expect(requestAllowance(200, 'tenant_daily')).toBe(2000);
    expect(requestAllowance(undefined, 'run')).toBeUndefined();
  });
});
