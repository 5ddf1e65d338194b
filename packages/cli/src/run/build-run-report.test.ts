import { describe, expect, it } from 'vitest';
import { buildRunReport, type TrialResult } from './build-run-report';

const trial = (key: string, name: string, status: TrialResult['status'], extra: Partial<TrialResult> = {}) =>
  ({ key, name, status, detail: status === 'PASS' ? '' : `${status} detail`, durationMs: 10, ...extra }) as TrialResult;

describe('buildRunReport', () => {
  it('carries wire findings to the report (the reporters show them), and not the wire revision', () => {
    const finding = {
      message: "must have required property 'text'",
      pointer: '/result/content/0',
      specLink: 'https://modelcontextprotocol.io/specification/2025-06-18/schema#textcontent',
      definition: 'TextContent',
      revision: '2025-06-18' as const,
      direction: 'received' as const,
    };
    const report = buildRunReport({
      name: 'suite',
      durationMs: 1,
      trials: [
        trial('a.yaml#x', 'x', 'PASS', { wireFindings: [finding], wireRevision: '2025-06-18' } as Partial<TrialResult>),
      ],
    });
    expect(report.results[0]).toEqual({
      name: 'x',
      status: 'PASS',
      detail: '',
      durationMs: 10,
      wireFindings: [finding],
    });
  });

  it('folds trials per key, keeps the order, counts and strips executor fields', () => {
    const report = buildRunReport({
      name: 'suite',
      durationMs: 42,
      trials: [
        trial('a.yaml#x', 'x', 'PASS', {
          file: 'a.yaml',
          tool: 'echo',
          transcript: [{}],
          trial: 0,
        } as Partial<TrialResult>),
        trial('a.yaml#x', 'x', 'FAIL', { file: 'a.yaml', tool: 'echo' }),
        trial('b.yaml#x', 'x', 'PASS'),
        trial('b.yaml#y', 'y', 'SKIP'),
      ],
    });
    expect(report.summary).toEqual({ total: 3, passed: 1, failed: 1, skipped: 1 });
    expect(report.results.map((r) => [r.name, r.status])).toEqual([
      ['x', 'FAIL'],
      ['x', 'PASS'],
      ['y', 'SKIP'],
    ]);
    expect(report.results[0]).toEqual({
      name: 'x',
      status: 'FAIL',
      detail: 'failed 1 of 2 trials; trial 2: FAIL detail',
      durationMs: 20,
      file: 'a.yaml',
      tool: 'echo',
      trials: { k: 2, passed: 1, passAtK: 1, passHatK: 0 },
    });
    expect(report.regressions).toEqual([]);
    expect(report.durationMs).toBe(42);
  });

  it('lists PASS -> non-PASS regressions against the baseline only', () => {
    const report = buildRunReport({
      name: 's',
      durationMs: 1,
      trials: [trial('k1', 'was green', 'FAIL'), trial('k2', 'was red', 'FAIL'), trial('k3', 'still green', 'PASS')],
      baseline: {
        entries: [
          { name: 'was green', status: 'PASS' },
          { name: 'was red', status: 'FAIL' },
          { name: 'still green', status: 'PASS' },
        ],
      },
    });
    expect(report.regressions).toEqual([{ name: 'was green', before: 'PASS', after: 'FAIL', detail: 'FAIL detail' }]);
  });
});
