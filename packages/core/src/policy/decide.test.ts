import { describe, expect, it } from 'vitest';
import { decide, REVIEW_BEFORE_FIRST_RUN, type DecisionContext, type ExecDecisionKind } from './decide';
import type { ToolClass } from './exec-policy-schema';

type Row = [cls: ToolClass, context: DecisionContext, executeDestructive: boolean, ExecDecisionKind, boolean, string?];

const rows: Row[] = [
  ['ReadOnly', 'live', false, 'Execute', true],
  ['ReadOnly', 'generate', false, 'Execute', true],
  ['ReadOnly', 'live', true, 'Execute', true],
  ['ReadOnly', 'generate', true, 'Execute', true],
  ['ReadOnlyPresumed', 'live', false, 'Execute', true],
  ['ReadOnlyPresumed', 'generate', false, 'Execute', true],
  ['ReadOnlyPresumed', 'live', true, 'Execute', true],
  ['ReadOnlyPresumed', 'generate', true, 'Execute', true],
  ['Mutating', 'live', false, 'ExecuteOnce', false],
  ['Mutating', 'generate', false, 'ExecuteOnce', false],
  ['Mutating', 'live', true, 'ExecuteOnce', false],
  ['Mutating', 'generate', true, 'ExecuteOnce', false],
  ['Destructive', 'live', false, 'Refuse', false, 'destructive_not_allowed'],
  ['Destructive', 'generate', false, 'GenerateOnly', false, 'destructive_review_required'],
  ['Destructive', 'live', true, 'ExecuteOnce', false],
  ['Destructive', 'generate', true, 'ExecuteOnce', false],
];

describe('decide', () => {
  it.each(rows)('%s in %s (execute_destructive %s) -> %s, double call %s', (cls, context, ed, kind, double, code) => {
    const result = decide(cls, context, { execute_destructive: ed });
    expect(result.decision).toBe(kind);
    expect(result.doubleCallAllowed).toBe(double);
    expect(result.reason?.code).toBe(code);
  });

  it('says why a destructive call is refused and how generated tests start', () => {
    expect(decide('Destructive', 'live', { execute_destructive: false }).reason?.message).toContain(
      'execute_destructive is off',
    );
    expect(decide('Destructive', 'generate', { execute_destructive: false }).reason?.message).toContain(
      REVIEW_BEFORE_FIRST_RUN,
    );
    expect(REVIEW_BEFORE_FIRST_RUN).toBe('# review before first run');
  });
});
