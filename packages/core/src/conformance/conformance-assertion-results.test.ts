import { describe, expect, it } from 'vitest';
import { conformanceAssertionResults } from './conformance-assertion-results';
import type { ConformanceResult, ConformanceStatus, ConformanceSummary } from './conformance-types';

const check = (id: string, status: ConformanceStatus, message?: string): ConformanceResult => ({
  id,
  scenario: `${id}-scenario`,
  title: id,
  specUrl: `https://modelcontextprotocol.io/specification/2025-11-25#${id}`,
  status,
  ...(message === undefined ? {} : { message }),
});

function summary(results: ConformanceResult[], stale: string[] = []): ConformanceSummary {
  const counts = { PASS: 0, FAIL: 0, WARN: 0, SKIPPED: 0, XFAIL: 0 };
  for (const r of results) counts[r.status] += 1;
  return { revision: '2025-11-25', results, counts, staleExpectedFailures: stale, ok: false };
}

describe('conformanceAssertionResults', () => {
  it.each([
    ['PASS', undefined, 'PASS', ''],
    ['PASS', 'no tools to judge', 'PASS', 'no tools to judge'],
    ['WARN', 'bad tool name!', 'PASS', 'WARN: bad tool name!'],
    ['WARN', undefined, 'PASS', 'WARN'],
    ['XFAIL', 'missing description', 'PASS', 'XFAIL (in expected_failures): missing description'],
    ['FAIL', 'missing description', 'FAIL', 'missing description'],
    ['SKIPPED', 'no fixture', 'SKIP', 'no fixture'],
  ] as const)('%s (%s) is %s with detail %j', (verdict, message, status, detail) => {
    const [result] = conformanceAssertionResults(summary([check('tools-list', verdict, message)]));
    expect(result).toEqual({
      name: 'conformance tools-list',
      status,
      detail,
      durationMs: 0,
      conformance: {
        checkId: 'tools-list',
        scenario: 'tools-list-scenario',
        status: verdict,
        specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25#tools-list',
        revision: '2025-11-25',
      },
    });
  });

  it('adds one FAIL per stale expected_failures entry, after the checks', () => {
    const results = conformanceAssertionResults(summary([check('ping', 'PASS')], ['ping', 'tools-list:tools-list']));
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['conformance ping', 'PASS'],
      ['conformance expected_failures ping', 'FAIL'],
      ['conformance expected_failures tools-list:tools-list', 'FAIL'],
    ]);
    expect(results[1]?.detail).toMatch(/stale expected_failures entry "ping"/);
  });
});
