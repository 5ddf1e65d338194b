import { describe, expect, it } from 'vitest';
import {
  defaultExecPolicy,
  ExecPolicy,
  mergeSuitePolicy,
  SuitePolicy,
  type ExecPolicyInput,
} from './exec-policy-schema';

describe('ExecPolicy', () => {
  it('has DESIGN.md defaults', () => {
    expect(defaultExecPolicy()).toEqual({
      execute_destructive: false,
      concurrency: 2,
      call_delay_ms: 100,
      annotation_trust: 'trust',
      overrides: [],
      mutating_words: [],
      destructive_words: [],
    });
    expect(defaultExecPolicy().max_calls).toBeUndefined();
    expect(defaultExecPolicy().daily_call_budget).toBeUndefined();
  });

  it.each([
    ['a misspelt knob', { execute_destructve: true }],
    ['zero concurrency', { concurrency: 0 }],
    ['fractional max_calls', { max_calls: 1.5 }],
    ['zero max_calls', { max_calls: 0 }],
    ['negative delay', { call_delay_ms: -1 }],
    ['unknown trust mode', { annotation_trust: 'maybe' }],
    ['unknown class in an override', { overrides: [{ tool: 'x', class: 'Dangerous' }] }],
    ['empty override pattern', { overrides: [{ tool: '', class: 'ReadOnly' }] }],
    ['a word of separators', { destructive_words: ['--'] }],
    ['a string for a boolean', { execute_destructive: 'yes' }],
  ])('rejects %s', (_label, input) => {
    expect(ExecPolicy.safeParse(input).success).toBe(false);
  });

  it('accepts a full policy', () => {
    const input: ExecPolicyInput = {
      execute_destructive: true,
      max_calls: 500,
      daily_call_budget: 10_000,
      concurrency: 4,
      call_delay_ms: 0,
      annotation_trust: 'cap',
      overrides: [{ tool: 'admin_*', class: 'Destructive' }],
      mutating_words: ['approve'],
      destructive_words: ['archive'],
    };
    expect(ExecPolicy.parse(input)).toEqual(input);
  });
});

const tenant = ExecPolicy.parse({ execute_destructive: true, max_calls: 100, concurrency: 4, call_delay_ms: 200 });
const strictTenant = ExecPolicy.parse({});

describe('mergeSuitePolicy', () => {
  it.each([
    [
      'no suite policy: execute_destructive stays off',
      tenant,
      undefined,
      { execute_destructive: false, max_calls: 100 },
    ],
    ['opt in where the tenant allows', tenant, { execute_destructive: true }, { execute_destructive: true }],
    ['opt out', tenant, { execute_destructive: false }, { execute_destructive: false }],
    ['lower max_calls', tenant, { max_calls: 10 }, { max_calls: 10 }],
    ['max_calls equal to the tenant', tenant, { max_calls: 100 }, { max_calls: 100 }],
    ['max_calls where the tenant is unlimited', strictTenant, { max_calls: 5000 }, { max_calls: 5000 }],
    ['lower concurrency', tenant, { concurrency: 1 }, { concurrency: 1 }],
    ['raise the delay', tenant, { call_delay_ms: 1000 }, { call_delay_ms: 1000 }],
    ['switch to cap', tenant, { annotation_trust: 'cap' }, { annotation_trust: 'cap' }],
    ['repeat the tenant mode', tenant, { annotation_trust: 'trust' }, { annotation_trust: 'trust' }],
    [
      'add words',
      ExecPolicy.parse({ destructive_words: ['archive'] }),
      { destructive_words: ['archive', 'retire'], mutating_words: ['approve'] },
      { destructive_words: ['archive', 'retire'], mutating_words: ['approve'] },
    ],
    ['keeps the tenant defaults', strictTenant, {}, { concurrency: 2, call_delay_ms: 100, annotation_trust: 'trust' }],
  ] as const)('%s', (_label, base, suite, expected) => {
    const merged = mergeSuitePolicy(base, suite === undefined ? undefined : SuitePolicy.parse(suite));
    expect(merged.ok && merged.policy).toMatchObject(expected);
  });

  it.each([
    [
      'execute_destructive the tenant does not allow',
      strictTenant,
      { execute_destructive: true },
      ['execute_destructive'],
    ],
    ['raise max_calls', tenant, { max_calls: 101 }, ['max_calls']],
    ['raise concurrency', tenant, { concurrency: 5 }, ['concurrency']],
    ['raise concurrency over the default', strictTenant, { concurrency: 3 }, ['concurrency']],
    ['lower the delay', tenant, { call_delay_ms: 199 }, ['call_delay_ms']],
    [
      'trust where the tenant caps',
      ExecPolicy.parse({ annotation_trust: 'cap' }),
      { annotation_trust: 'trust' },
      ['annotation_trust'],
    ],
    ['ignore where the tenant trusts', tenant, { annotation_trust: 'ignore' }, ['annotation_trust']],
    [
      'several at once',
      tenant,
      { max_calls: 1000, concurrency: 8, call_delay_ms: 0 },
      ['max_calls', 'concurrency', 'call_delay_ms'],
    ],
  ] as const)('refuses to %s', (_label, base, suite, fields) => {
    const merged = mergeSuitePolicy(base, SuitePolicy.parse(suite));
    expect(merged.ok).toBe(false);
    if (!merged.ok) {
      expect(merged.error.code).toBe('suite_policy_exceeds_tenant');
      expect(merged.error.fields).toEqual(fields);
      for (const field of fields) expect(merged.error.message).toContain(field);
    }
  });

  it('never lets a suite set overrides or the daily budget', () => {
    expect(SuitePolicy.safeParse({ overrides: [] }).success).toBe(false);
    expect(SuitePolicy.safeParse({ daily_call_budget: 1 }).success).toBe(false);
  });

  it('does not modify the tenant policy', () => {
    const base = ExecPolicy.parse({ mutating_words: ['a'] });
    mergeSuitePolicy(base, { mutating_words: ['b'] });
    expect(base.mutating_words).toEqual(['a']);
  });
});
