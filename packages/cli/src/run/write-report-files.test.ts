import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseBaseline, type RunReport } from '@mcptest/core';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReportFiles, writeReportFiles } from './write-report-files';

const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const report: RunReport = {
  name: 'demo',
  summary: { total: 2, passed: 1, failed: 1, skipped: 0 },
  results: [
    { name: 'ok', status: 'PASS', detail: '', durationMs: 3 },
    { name: 'bad', status: 'FAIL', detail: 'expected x', durationMs: 4 },
  ],
  regressions: [],
  durationMs: 7,
};
const now = new Date('2026-01-02T03:04:05.000Z');

describe('report files', () => {
  it('renders nothing when no file is asked for', () => {
    expect(renderReportFiles(report, {}, now)).toEqual([]);
  });

  it('renders the badge as SVG or shields endpoint JSON by extension', () => {
    const [svg] = renderReportFiles(report, { badge: 'b.SVG' }, now);
    expect(svg?.text).toMatch(/^<svg[\s\S]*1\/2 passing[\s\S]*<\/svg>$/);
    const [json] = renderReportFiles(report, { badge: 'b.json' }, now);
    expect(JSON.parse(json?.text ?? '')).toEqual({
      schemaVersion: 1,
      label: 'mcptest',
      message: '1/2 passing',
      color: 'red',
    });
  });

  it('writes every file (creating directories), appends to the step summary, and reports unwritable paths', async () => {
    const summary = path.join(dir, 'step-summary.md');
    writeFileSync(summary, 'before\n');
    const blocker = path.join(dir, 'blocker');
    writeFileSync(blocker, '');
    const problems = await writeReportFiles(
      report,
      {
        junit: path.join(dir, 'out', 'deep', 'junit.xml'),
        markdown: path.join(dir, 'report.md'),
        badge: path.join(blocker, 'badge.svg'),
        saveBaseline: path.join(dir, 'baseline.json'),
        githubStepSummary: summary,
      },
      now,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`cannot write ${path.join(blocker, 'badge.svg')}`);
    expect(readFileSync(path.join(dir, 'out', 'deep', 'junit.xml'), 'utf8')).toContain('<testsuites');
    const markdown = readFileSync(path.join(dir, 'report.md'), 'utf8');
    expect(markdown).toContain('bad');
    expect(readFileSync(summary, 'utf8')).toBe(`before\n${markdown}\n`);
    const baseline = parseBaseline(readFileSync(path.join(dir, 'baseline.json'), 'utf8'));
    expect(baseline).toEqual({
      ok: true,
      baseline: {
        version: 1,
        suite: 'demo',
        createdAt: '2026-01-02T03:04:05.000Z',
        entries: [
          { name: 'bad', status: 'FAIL' },
          { name: 'ok', status: 'PASS' },
        ],
      },
    });
  });
});
