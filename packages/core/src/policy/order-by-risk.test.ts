import { describe, expect, it } from 'vitest';
import type { ToolClass } from './exec-policy-schema';
import { orderByRisk } from './order-by-risk';

describe('orderByRisk', () => {
  it('puts read-only first, mutating next, destructive last, keeping order within a class', () => {
    const calls: { id: string; cls: ToolClass }[] = [
      { id: 'd1', cls: 'Destructive' },
      { id: 'm1', cls: 'Mutating' },
      { id: 'r1', cls: 'ReadOnly' },
      { id: 'p1', cls: 'ReadOnlyPresumed' },
      { id: 'd2', cls: 'Destructive' },
      { id: 'r2', cls: 'ReadOnly' },
      { id: 'm2', cls: 'Mutating' },
    ];
    const ordered = orderByRisk(calls, (c) => c.cls).map((c) => c.id);
    expect(ordered).toEqual(['r1', 'p1', 'r2', 'm1', 'm2', 'd1', 'd2']);
    expect(calls[0]?.id).toBe('d1');
  });

  it('handles an empty plan', () => {
    expect(orderByRisk([], () => 'ReadOnly')).toEqual([]);
  });
});
