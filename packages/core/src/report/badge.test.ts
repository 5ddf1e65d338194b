import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../result/run-result';
import {
  conformanceBadgeStatus,
  conformanceHeadline,
  makeBadgeData,
  makeStatusBadgeData,
  projectBadgeStatus,
  renderBadgeSvg,
  suiteBadgeStatus,
  type BadgeStatus,
  type FinishedRunOutcome,
} from './badge';
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

const passed: FinishedRunOutcome = { status: 'passed', failed: 0, total: 5 };
const failed = (n: number, m: number): FinishedRunOutcome => ({ status: 'failed', failed: n, total: m });
const errored: FinishedRunOutcome = { status: 'error', failed: 0, total: 0 };

describe('suiteBadgeStatus', () => {
  it.each<{ name: string; latest: FinishedRunOutcome | null; status: BadgeStatus }>([
    { name: 'never finished a run', latest: null, status: { state: 'no runs' } },
    { name: 'passed', latest: passed, status: { state: 'passing' } },
    {
      name: 'failed: failed assertions of all',
      latest: failed(2, 7),
      status: { state: 'failing', failed: 2, total: 7 },
    },
    { name: 'error', latest: errored, status: { state: 'error' } },
  ])('$name', ({ latest, status }) => {
    expect(suiteBadgeStatus(latest)).toEqual(status);
  });
});

describe('projectBadgeStatus', () => {
  it.each<{ name: string; latest: (FinishedRunOutcome | null)[]; status: BadgeStatus }>([
    { name: 'no suites', latest: [], status: { state: 'no runs' } },
    { name: 'no suite has run', latest: [null, null], status: { state: 'no runs' } },
    { name: 'every judged suite passed', latest: [passed, null, passed], status: { state: 'passing' } },
    {
      name: 'one of three failed',
      latest: [passed, failed(1, 4), passed],
      status: { state: 'failing', failed: 1, total: 3 },
    },
    {
      name: 'errors count as not passing once something failed',
      latest: [failed(1, 1), errored, passed, null],
      status: { state: 'failing', failed: 2, total: 3 },
    },
    { name: 'errors alone', latest: [errored, passed], status: { state: 'error' } },
  ])('$name', ({ latest, status }) => {
    expect(projectBadgeStatus(latest)).toEqual(status);
  });
});

describe('makeStatusBadgeData', () => {
  it.each<{ status: BadgeStatus; message: string; color: string }>([
    { status: { state: 'passing' }, message: 'passing', color: 'brightgreen' },
    { status: { state: 'failing', failed: 2, total: 9 }, message: 'failing 2/9', color: 'red' },
    { status: { state: 'error' }, message: 'error', color: 'orange' },
    { status: { state: 'no runs' }, message: 'no runs', color: 'lightgrey' },
    { status: { state: 'not found' }, message: 'not found', color: 'lightgrey' },
    {
      status: { state: 'conformance', revision: '2026-07-28', passed: 37, judged: 37, ok: true },
      message: 'MCP 2026-07-28 · 37/37',
      color: 'brightgreen',
    },
    {
      status: { state: 'conformance', revision: '2025-11-25', passed: 12, judged: 14, ok: false },
      message: 'MCP 2025-11-25 · 12/14',
      color: 'red',
    },
  ])('$message', ({ status, message, color }) => {
    expect(makeStatusBadgeData(status)).toEqual({ schemaVersion: 1, label: 'mcptest', message, color });
  });

  it('takes a label, including an empty one (message only)', () => {
    expect(makeStatusBadgeData({ state: 'passing' }, { label: 'api' }).label).toBe('api');
    expect(makeStatusBadgeData({ state: 'passing' }, { label: '' }).label).toBe('');
  });
});

describe('conformanceBadgeStatus', () => {
  it('judges every check that was not skipped, and takes the colour from ok', () => {
    // 10 PASS, 1 WARN, 1 XFAIL, 2 SKIPPED: 10 of 12 judged, and ok (the harness exits 0) stays green.
    const status = conformanceBadgeStatus({ revision: '2026-07-28', total: 14, passed: 10, skipped: 2, ok: true });
    expect(status).toEqual({ state: 'conformance', revision: '2026-07-28', passed: 10, judged: 12, ok: true });
    expect(conformanceHeadline(status)).toBe('MCP 2026-07-28 · 10/12');
    expect(makeStatusBadgeData(status).color).toBe('brightgreen');
    const failing = conformanceBadgeStatus({ revision: '2026-07-28', total: 14, passed: 10, skipped: 2, ok: false });
    expect(makeStatusBadgeData(failing).color).toBe('red');
  });

  it('shows 0/0 when every check was skipped', () => {
    const status = conformanceBadgeStatus({ revision: '2025-11-25', total: 3, passed: 0, skipped: 3, ok: true });
    expect(makeStatusBadgeData(status).message).toBe('MCP 2025-11-25 · 0/0');
  });
});
