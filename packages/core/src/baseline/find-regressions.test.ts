import { describe, expect, it } from 'vitest';
import type { AssertionStatus } from '../result/run-result';
import type { BaselineEntry } from './baseline-schema';
import { findRegressions } from './find-regressions';

const now = (name: string, status: AssertionStatus) => ({ name, status, detail: status === 'PASS' ? '' : `${name}?` });

describe('findRegressions', () => {
  it.each([
    { before: 'PASS', after: 'FAIL', regression: true },
    { before: 'PASS', after: 'SKIP', regression: true },
    { before: 'PASS', after: 'PASS', regression: false },
    { before: 'FAIL', after: 'FAIL', regression: false },
    { before: 'FAIL', after: 'PASS', regression: false },
    { before: 'FAIL', after: 'SKIP', regression: false },
    { before: 'SKIP', after: 'FAIL', regression: false },
    { before: 'SKIP', after: 'PASS', regression: false },
  ] as const)('$before -> $after: regression $regression', ({ before, after, regression }) => {
    const found = findRegressions({ entries: [{ name: 'a', status: before }] }, [now('a', after)]);
    expect(found).toEqual(regression ? [{ name: 'a', before: 'PASS', after, detail: 'a?' }] : []);
  });

  it('ignores new and removed assertions', () => {
    const entries: BaselineEntry[] = [{ name: 'removed', status: 'PASS' }];
    expect(findRegressions({ entries }, [now('new', 'FAIL')])).toEqual([]);
  });

  it('reports in result order, once per name, and matches names exactly', () => {
    const entries: BaselineEntry[] = [
      { name: 'b', status: 'PASS' },
      { name: 'a', status: 'PASS' },
      { name: 'A', status: 'FAIL' },
    ];
    const found = findRegressions({ entries }, [
      now('a', 'FAIL'),
      now('A', 'FAIL'),
      now('b', 'SKIP'),
      now('a', 'SKIP'),
    ]);
    expect(found.map((r) => `${r.name}:${r.after}`)).toEqual(['a:FAIL', 'b:SKIP']);
  });

  it('counts a name as passing when any matrix entry passed', () => {
    const entries: BaselineEntry[] = [
      { name: 'hover', status: 'FAIL', language: 'go' },
      { name: 'hover', status: 'PASS', language: 'ts' },
    ];
    expect(findRegressions({ entries }, [now('hover', 'FAIL')])).toHaveLength(1);
  });
});
