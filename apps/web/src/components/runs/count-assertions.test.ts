import { AUTH_POSTURE_CATALOG, checksFor } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { countAssertions } from './count-assertions';

describe('countAssertions (the live progress bar’s total)', () => {
  it('counts the assertions of a suite', () => {
    const yaml = `assertions:
  - name: a
    assert: { tool: echo, args: { message: hi }, expect: { contains: [hi] } }
  - name: b
    assert: { tool: echo, args: { message: ho }, expect: { contains: [ho] } }
`;
    expect(countAssertions(yaml)).toBe(2);
  });

  it('adds one per check of a conformance block', () => {
    // One result per check of the revision's requirement set (catalog.ts; docs/protocol.md's table); 2026-07-28 by default.
    expect(countAssertions('conformance: { revision: 2025-11-25 }\n')).toBe(checksFor('2025-11-25').length);
    expect(countAssertions('conformance: {}\nassertions:\n  - name: a\n    assert: { tool: echo }\n')).toBe(
      checksFor('2026-07-28').length + 1,
    );
    expect(checksFor('2026-07-28').length).toBeGreaterThan(checksFor('2025-11-25').length);
  });

  it('adds one per finding of an auth_posture block', () => {
    expect(countAssertions('auth_posture: {}\n')).toBe(AUTH_POSTURE_CATALOG.length);
    expect(countAssertions('auth_posture: {}\nconformance: { revision: 2025-11-25 }\n')).toBe(
      AUTH_POSTURE_CATALOG.length + checksFor('2025-11-25').length,
    );
  });

  it('gives no total for a missing or broken suite', () => {
    expect(countAssertions(undefined)).toBeUndefined();
    expect(countAssertions('assertions: [')).toBeUndefined();
  });
});
