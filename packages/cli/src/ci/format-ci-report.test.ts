import { describe, expect, it } from 'vitest';
import { ApiRun } from './api-schemas';
import { formatCiMarkdown, formatCiTerminal, reportName, runSucceeded, runToReport } from './format-ci-report';

const run = (fields: Record<string, unknown>) =>
  ApiRun.parse({
    id: 'run_9',
    url: 'https://mcptest.example.com/runs/run_9',
    suiteId: 'suite_1',
    status: 'passed',
    summary: { total: 1, passed: 1, failed: 0, skipped: 0 },
    results: [{ name: 'lists tools', status: 'PASS', detail: '', durationMs: 12 }],
    regressions: [],
    ...fields,
  });

describe('format-ci-report', () => {
  it('accepts nulls and missing optional fields from the API', () => {
    const parsed = ApiRun.parse({ id: 'r', status: 'queued', url: null, error: null, results: null, durationMs: null });
    expect(parsed).toMatchObject({ id: 'r', status: 'queued', results: [], regressions: [] });
    expect(parsed.url).toBeUndefined();
  });

  it('succeeds only for a passed run without failures or regressions', () => {
    expect(runSucceeded(run({}))).toBe(true);
    expect(runSucceeded(run({ status: 'failed' }))).toBe(false);
    expect(runSucceeded(run({ status: 'error' }))).toBe(false);
    expect(runSucceeded(run({ status: 'cancelled' }))).toBe(false);
    expect(runSucceeded(run({ regressions: [{ name: 'x', before: 'PASS', after: 'FAIL', detail: '' }] }))).toBe(false);
  });

  it('names the report after the suite, by name when known', () => {
    expect(reportName('suite_1')).toBe('suite suite_1');
    expect(reportName('suite_1', 'Smoke')).toBe('Smoke');
    expect(runToReport(run({}), 'Smoke').name).toBe('Smoke');
  });

  it('prints the terminal report, the error and the run line', () => {
    const text = formatCiTerminal(run({ status: 'error', error: 'boom\u001b[2J' }), 's', { color: false });
    expect(text).toContain('PASS lists tools (12ms)');
    expect(text).toContain('Error: boom[2J');
    expect(text.trimEnd().endsWith('Run run_9 ended with an error: https://mcptest.example.com/runs/run_9')).toBe(true);
  });

  it('gives an errored run a failing Markdown heading, the error, and a link line', () => {
    const md = formatCiMarkdown(
      run({ status: 'error', error: 'server <b>down</b>', branch: 'feat/x', commitSha: '0123456789abcdef0123' }),
      'suite suite_1',
    );
    expect(md.split('\n')[0]).toBe('## ❌ mcptest: suite suite\\_1 — the run ended with an error');
    expect(md).toContain('> server \\<b\\>down\\</b\\>');
    expect(md.trimEnd().split('\n').at(-1)).toBe(
      'Run [run\\_9](<https://mcptest.example.com/runs/run_9>) · branch feat/x · commit 0123456789ab',
    );
  });

  it('links the run only when its URL is http(s)', () => {
    const md = formatCiMarkdown(run({ url: 'javascript:alert(1)' }), 's');
    expect(md).not.toContain('javascript:');
    expect(md.trimEnd().split('\n').at(-1)).toBe('Run run\\_9');
  });
});
