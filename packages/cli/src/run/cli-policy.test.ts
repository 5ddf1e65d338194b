import { defaultExecPolicy, type SuitePolicy } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { cliExecPolicy, suiteExecPolicy } from './cli-policy';

interface Flags {
  executeDestructive: boolean;
  maxCalls: number | undefined;
  concurrency: number | undefined;
  callDelayMs: number | undefined;
}
const noFlags: Flags = {
  executeDestructive: false,
  maxCalls: undefined,
  concurrency: undefined,
  callDelayMs: undefined,
};

describe('cliExecPolicy', () => {
  it('is the service default without flags', () => {
    expect(cliExecPolicy(noFlags)).toEqual(defaultExecPolicy());
  });

  it('applies the flags', () => {
    expect(cliExecPolicy({ executeDestructive: true, maxCalls: 5, concurrency: 4, callDelayMs: 0 })).toMatchObject({
      execute_destructive: true,
      max_calls: 5,
      concurrency: 4,
      call_delay_ms: 0,
    });
  });
});

describe('suiteExecPolicy', () => {
  it.each<[string, Partial<Flags>, SuitePolicy | undefined, boolean]>([
    ['no flag, no opt-in: off', {}, undefined, false],
    ['the flag is also the opt-in', { executeDestructive: true }, undefined, true],
    ['the suite may opt out under the flag', { executeDestructive: true }, { execute_destructive: false }, false],
    ['the suite opts in under the flag', { executeDestructive: true }, { execute_destructive: true }, true],
  ])('%s', (_label, flags, suite, expected) => {
    const outcome = suiteExecPolicy(cliExecPolicy({ ...noFlags, ...flags }), suite);
    expect(outcome.ok && outcome.policy.execute_destructive).toBe(expected);
  });

  it('lets a suite narrow the flags', () => {
    const outcome = suiteExecPolicy(cliExecPolicy({ ...noFlags, maxCalls: 10 }), {
      max_calls: 3,
      concurrency: 1,
      call_delay_ms: 500,
    });
    expect(outcome).toMatchObject({ ok: true, policy: { max_calls: 3, concurrency: 1, call_delay_ms: 500 } });
  });

  it.each<[string, Partial<Flags>, SuitePolicy, string[]]>([
    [
      'destructive without the flag',
      {},
      { execute_destructive: true },
      ['the command line does not allow destructive calls', 'pass --execute-destructive'],
    ],
    [
      'more calls than --max-calls',
      { maxCalls: 2 },
      { max_calls: 9 },
      ["9 is above the command line's limit of 2", 'raise --max-calls'],
    ],
    ['more concurrency than the default', {}, { concurrency: 8 }, ['8 is above', 'pass --concurrency']],
    ['a shorter delay than the flag', { callDelayMs: 200 }, { call_delay_ms: 50 }, ['50 ms is below', '--call-delay']],
  ])('refuses %s, saying which flag to change', (_label, flags, suite, parts) => {
    const outcome = suiteExecPolicy(cliExecPolicy({ ...noFlags, ...flags }), suite);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    for (const part of parts) expect(outcome.message).toContain(part);
    expect(outcome.message).not.toContain('tenant');
  });
});
