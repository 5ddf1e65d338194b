import { describe, expect, it } from 'vitest';
import { formatJsonReport } from './json-report';
import { emptyReport, mixedReport, trialsReport, wireReport } from './test-fixtures';

describe('formatJsonReport', () => {
  it('prints the CLI contract, extra fields after the required ones', () => {
    expect(formatJsonReport(mixedReport)).toBe(`{
  "summary": {
    "total": 3,
    "passed": 1,
    "failed": 1,
    "skipped": 1
  },
  "results": [
    {
      "name": "search finds README",
      "status": "PASS",
      "detail": "",
      "durationMs": 12,
      "file": "suites/search.yaml",
      "tool": "search"
    },
    {
      "name": "read <config> & \\"quotes\\"",
      "status": "FAIL",
      "detail": "expected text to contain \\"ok\\"\\ngot: error <nope> & 'x'",
      "durationMs": 1234,
      "file": "suites/read.yaml",
      "tool": "read_file"
    },
    {
      "name": "needs token",
      "status": "SKIP",
      "detail": "MCP_TOKEN not set",
      "durationMs": 0,
      "file": "suites/search.yaml"
    }
  ],
  "regressions": [
    {
      "name": "read <config> & \\"quotes\\"",
      "before": "PASS",
      "after": "FAIL",
      "detail": "expected text to contain \\"ok\\"\\ngot: error <nope> & 'x'"
    }
  ]
}
`);
  });

  it('includes wire findings, in a fixed key order, only where there are some', () => {
    const parsed = JSON.parse(formatJsonReport(wireReport)) as { results: { wireFindings?: object[] }[] };
    expect(Object.keys(parsed.results[0]?.wireFindings?.[0] ?? {})).toEqual([
      'message',
      'pointer',
      'specLink',
      'definition',
      'revision',
      'direction',
      'method',
      'id',
      'seq',
    ]);
    expect(parsed.results[1]?.wireFindings).toEqual([wireReport.results[1]?.wireFindings?.[0]]);
    expect(JSON.parse(formatJsonReport(mixedReport)).results[0]).not.toHaveProperty('wireFindings');
  });

  it('includes trial stats', () => {
    const parsed = JSON.parse(formatJsonReport(trialsReport)) as { results: { trials?: unknown }[] };
    expect(parsed.results[1]?.trials).toEqual({ k: 5, passed: 3, passAtK: 1, passHatK: 0 });
  });

  it('keeps the contract keys of every result, and only known keys', () => {
    const withExtra = {
      ...emptyReport,
      results: [{ name: 'a', status: 'PASS' as const, detail: '', durationMs: 1, secret: 'x' }],
    };
    const parsed = JSON.parse(formatJsonReport(withExtra)) as { results: object[] };
    expect(Object.keys(parsed.results[0] ?? {})).toEqual(['name', 'status', 'detail', 'durationMs']);
  });

  it('adds the negotiated protocol version last, when a session opened', () => {
    const parsed = JSON.parse(formatJsonReport({ ...emptyReport, protocolVersion: '2026-07-28' })) as object;
    expect(Object.keys(parsed)).toEqual(['summary', 'results', 'regressions', 'protocolVersion']);
    expect(parsed).toMatchObject({ protocolVersion: '2026-07-28' });
  });

  it('prints an empty run', () => {
    expect(JSON.parse(formatJsonReport(emptyReport))).toEqual({
      summary: { total: 0, passed: 0, failed: 0, skipped: 0 },
      results: [],
      regressions: [],
    });
  });
});
