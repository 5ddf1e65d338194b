import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../result/run-result';
import { makeBadgeData, renderBadgeSvg } from './badge';
import { mixedReport, passingReport } from './test-fixtures';

const summary = (passed: number, failed: number, skipped: number): RunSummary => ({
  total: passed + failed + skipped,
  passed,
  failed,
  skipped,
});

describe('makeBadgeData', () => {
  it.each([
    { name: 'all pass', input: summary(12, 0, 0), message: '12/12 passing', color: 'brightgreen' },
    { name: 'pass with skips', input: summary(10, 0, 2), message: '10/10 passing', color: 'brightgreen' },
    { name: 'some fail', input: summary(10, 2, 0), message: '10/12 passing', color: 'red' },
    { name: 'all fail', input: summary(0, 3, 1), message: '0/3 passing', color: 'red' },
    { name: 'all skipped', input: summary(0, 0, 4), message: 'all skipped', color: 'yellow' },
    { name: 'no assertions', input: summary(0, 0, 0), message: 'no assertions', color: 'lightgrey' },
    { name: 'never run', input: null, message: 'no runs', color: 'lightgrey' },
    { name: 'report with a regression', input: mixedReport, message: '1/2 passing, 1 regressed', color: 'red' },
    {
      name: 'regression to SKIP only',
      input: {
        summary: summary(1, 0, 1),
        regressions: [{ name: 'x', before: 'PASS' as const, after: 'SKIP' as const, detail: '' }],
      },
      message: '1/1 passing, 1 regressed',
      color: 'red',
    },
    { name: 'passing report', input: passingReport, message: '2/2 passing', color: 'brightgreen' },
  ])('$name', ({ input, message, color }) => {
    expect(makeBadgeData(input)).toEqual({ schemaVersion: 1, label: 'mcptest', message, color });
  });

  it('shows an error state whatever the summary says, and takes a label', () => {
    expect(makeBadgeData(summary(3, 0, 0), { error: true, label: 'my server' })).toEqual({
      schemaVersion: 1,
      label: 'my server',
      message: 'error',
      color: 'orange',
    });
  });
});

describe('renderBadgeSvg', () => {
  it('draws the label, message and colour', () => {
    const svg = renderBadgeSvg(makeBadgeData(summary(12, 0, 0)));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>mcptest: 12/12 passing</title>');
    expect(svg).toContain('fill="#4b0"');
  });

  it('escapes a label with markup', () => {
    const svg = renderBadgeSvg({ ...makeBadgeData(null), label: '<b>&' });
    expect(svg).toContain('<title>&lt;b&gt;&amp;: no runs</title>');
    expect(svg).toContain('fill="#939393"');
  });

  it('supports shields styles', () => {
    expect(renderBadgeSvg(makeBadgeData(summary(1, 1, 0)), { style: 'for-the-badge' })).toContain('1/2 PASSING');
  });
});
