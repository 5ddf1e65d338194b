import { describe, expect, it } from 'vitest';
import type { AssertionResult, AssertionStatus } from '../result/run-result';
import { aggregateTrials, aggregateTrialsByName } from './aggregate-trials';

const trial = (status: AssertionStatus, detail = '', durationMs = 10): AssertionResult => ({
  name: 'search',
  status,
  detail,
  durationMs,
  file: 'suites/search.yaml',
  tool: 'search',
});

const statuses = (...s: AssertionStatus[]) => s.map((x, i) => trial(x, x === 'PASS' ? '' : `${x} #${i + 1}`));

describe('aggregateTrials', () => {
  it('returns a single trial unchanged, without trial stats', () => {
    const only = trial('FAIL', 'expected "a", got "b"');
    expect(aggregateTrials([only])).toBe(only);
  });

  it.each([
    { given: ['PASS', 'PASS', 'PASS'], status: 'PASS', trials: { k: 3, passed: 3, passAtK: 1, passHatK: 1 } },
    { given: ['PASS', 'FAIL', 'PASS'], status: 'FAIL', trials: { k: 3, passed: 2, passAtK: 1, passHatK: 0 } },
    { given: ['FAIL', 'FAIL'], status: 'FAIL', trials: { k: 2, passed: 0, passAtK: 0, passHatK: 0 } },
    { given: ['PASS', 'SKIP', 'PASS'], status: 'PASS', trials: { k: 2, passed: 2, passAtK: 1, passHatK: 1 } },
    { given: ['SKIP', 'SKIP'], status: 'SKIP', trials: undefined },
    { given: ['PASS', 'SKIP'], status: 'PASS', trials: undefined },
    { given: ['SKIP', 'FAIL'], status: 'FAIL', trials: undefined },
  ] as const)('$given -> $status', ({ given, status, trials }) => {
    const [head, ...rest] = statuses(...given);
    if (!head) throw new Error('empty case');
    const result = aggregateTrials([head, ...rest]);
    expect(result.status).toBe(status);
    expect(result.trials).toEqual(trials);
  });

  it('reports how many trials failed and the first failure', () => {
    const result = aggregateTrials([trial('PASS'), trial('FAIL', 'timeout after 5s'), trial('FAIL', 'other')]);
    expect(result.detail).toBe('failed 2 of 3 trials; trial 2: timeout after 5s');
  });

  it('keeps the skip reason when every trial was skipped, and an empty detail when it passed', () => {
    expect(aggregateTrials([trial('SKIP', 'MCP_TOKEN not set'), trial('SKIP', 'MCP_TOKEN not set')]).detail).toBe(
      'MCP_TOKEN not set',
    );
    expect(aggregateTrials([trial('PASS'), trial('PASS')]).detail).toBe('');
  });

  it('sums durations and keeps name, file and tool', () => {
    const result = aggregateTrials([trial('PASS', '', 12), trial('PASS', '', 30)]);
    expect(result).toMatchObject({ name: 'search', file: 'suites/search.yaml', tool: 'search', durationMs: 42 });
  });

  it('keeps the wire findings of every trial, in trial order, and none when there were none', () => {
    const finding = (seq: number) => ({
      message: 'must be object',
      pointer: '/params',
      specLink: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#jsonrpcnotification',
      definition: 'JSONRPCNotification',
      revision: '2025-11-25' as const,
      direction: 'received' as const,
      seq,
    });
    const first = { ...trial('PASS'), wireFindings: [finding(1)] };
    const third = { ...trial('PASS'), wireFindings: [finding(3)] };
    expect(aggregateTrials([first, trial('PASS'), third]).wireFindings).toEqual([finding(1), finding(3)]);
    expect(aggregateTrials([trial('PASS'), trial('PASS')])).not.toHaveProperty('wireFindings');
  });

  it('does not carry stale trial stats from the first trial', () => {
    const stale = { ...trial('SKIP'), trials: { k: 9, passed: 9, passAtK: 1, passHatK: 1 } };
    expect(aggregateTrials([stale, trial('SKIP')]).trials).toBeUndefined();
  });
});

describe('aggregateTrialsByName', () => {
  it('groups by name in first-seen order', () => {
    const other = (status: AssertionStatus): AssertionResult => ({ name: 'read', status, detail: '', durationMs: 1 });
    const result = aggregateTrialsByName([trial('PASS'), other('PASS'), trial('FAIL', 'boom'), other('PASS')]);
    expect(result.map((r) => [r.name, r.status, r.trials?.passed])).toEqual([
      ['search', 'FAIL', 1],
      ['read', 'PASS', 2],
    ]);
  });

  it('returns nothing for nothing', () => {
    expect(aggregateTrialsByName([])).toEqual([]);
  });
});
