import { describe, expect, it } from 'vitest';
import type { AssertionResult } from '../result/run-result';
import { formatBaseline, makeBaseline } from './make-baseline';
import { parseBaseline } from './parse-baseline';

const result = (name: string, status: AssertionResult['status']): AssertionResult => ({
  name,
  status,
  detail: status === 'PASS' ? '' : 'why',
  durationMs: 5,
});

const now = new Date('2026-03-01T12:00:00.000Z');

describe('makeBaseline / formatBaseline', () => {
  it('writes a versioned, name-sorted file', () => {
    const baseline = makeBaseline(
      { name: 'suites/', results: [result('search', 'PASS'), result('auth', 'SKIP'), result('Read', 'FAIL')] },
      now,
    );
    expect(formatBaseline(baseline)).toBe(`{
  "version": 1,
  "suite": "suites/",
  "createdAt": "2026-03-01T12:00:00.000Z",
  "entries": [
    {
      "name": "Read",
      "status": "FAIL"
    },
    {
      "name": "auth",
      "status": "SKIP"
    },
    {
      "name": "search",
      "status": "PASS"
    }
  ]
}
`);
  });

  it('keeps the last status of a repeated name', () => {
    const baseline = makeBaseline({ name: 's', results: [result('a', 'PASS'), result('a', 'FAIL')] }, now);
    expect(baseline.entries).toEqual([{ name: 'a', status: 'FAIL' }]);
  });

  it('round-trips through parseBaseline, names like __proto__ included', () => {
    const baseline = makeBaseline(
      { name: 's', results: [result('__proto__', 'PASS'), result('constructor', 'FAIL')] },
      now,
    );
    expect(parseBaseline(formatBaseline(baseline))).toEqual({ ok: true, baseline });
  });
});
