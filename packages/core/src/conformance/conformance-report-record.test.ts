import { describe, expect, it } from 'vitest';
import { toConformanceReportRecord } from './conformance-report-record';
import type { ConformanceResult, ConformanceRunReport } from './conformance-types';

const result = (id: string, status: ConformanceResult['status'], evidence?: unknown): ConformanceResult => ({
  id,
  scenario: id,
  title: id,
  specUrl: `https://modelcontextprotocol.io/specification/2026-07-28#${id}`,
  status,
  ...(evidence === undefined ? {} : { evidence }),
});

function report(results: ConformanceResult[]): ConformanceRunReport {
  const counts = { PASS: 0, FAIL: 0, WARN: 0, SKIPPED: 0, XFAIL: 0 };
  for (const r of results) counts[r.status] += 1;
  return {
    revision: '2026-07-28',
    results,
    counts,
    staleExpectedFailures: ['ping'],
    ok: false,
    protocolVersion: '2026-07-28',
    toolCalls: ['echo'],
    durationMs: 12,
  };
}

describe('toConformanceReportRecord', () => {
  it('counts every status and keeps small evidence as it is', () => {
    const record = toConformanceReportRecord(
      report([
        result('a', 'PASS', { tools: 1 }),
        result('b', 'FAIL'),
        result('c', 'WARN'),
        result('d', 'SKIPPED'),
        result('e', 'XFAIL'),
        result('f', 'PASS'),
      ]),
    );
    expect(record).toMatchObject({
      revision: '2026-07-28',
      protocolVersion: '2026-07-28',
      ok: false,
      total: 6,
      passed: 2,
      failed: 1,
      warnings: 1,
      skipped: 1,
      expectedFailures: 1,
      staleExpectedFailures: ['ping'],
      toolCalls: ['echo'],
    });
    expect(record.checks[0]?.evidence).toEqual({ tools: 1 });
  });

  it.each([
    ['ASCII', 'x'],
    ['multi-byte', 'é'],
  ])('replaces %s evidence past the cap with a marker that fits it', (_label, char) => {
    const big = { text: char.repeat(10_000) };
    const [check] = toConformanceReportRecord(report([result('a', 'FAIL', big)]), 1000).checks;
    const evidence = check?.evidence as { mcptest: string; omittedBytes: number; preview: string };
    expect(evidence.mcptest).toBe('evidence_truncated');
    expect(evidence.omittedBytes).toBe(new TextEncoder().encode(JSON.stringify(big)).byteLength);
    expect(new TextEncoder().encode(evidence.preview).byteLength).toBeLessThanOrEqual(1000);
    expect(evidence.preview.startsWith('{"text":"')).toBe(true);
  });

  it('a report without a session stores a null protocolVersion', () => {
    const { protocolVersion: _p, ...rest } = report([result('a', 'FAIL')]);
    expect(toConformanceReportRecord(rest).protocolVersion).toBeNull();
  });
});
