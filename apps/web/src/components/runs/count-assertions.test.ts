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

  it('gives no total for a missing or broken suite', () => {
    expect(countAssertions(undefined)).toBeUndefined();
    expect(countAssertions('assertions: [')).toBeUndefined();
  });
});
