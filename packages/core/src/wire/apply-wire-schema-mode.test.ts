import { describe, expect, it } from 'vitest';
import { applyWireSchemaMode } from './apply-wire-schema-mode';
import type { WireFinding, WireSchemaMode } from './wire-finding';

const finding: WireFinding = {
  message: "must have required property 'content'",
  pointer: '/result',
  specLink: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#calltoolresult',
  definition: 'CallToolResult',
  revision: '2025-11-25',
  direction: 'received',
  method: 'tools/call',
  id: 2,
};
const pass = { status: 'PASS' as const, detail: '' };
const fail = { status: 'FAIL' as const, detail: 'expected hi' };
const skip = { status: 'SKIP' as const, detail: 'not run' };

describe('applyWireSchemaMode', () => {
  it.each<[WireSchemaMode, typeof pass | typeof fail | typeof skip, WireFinding[], string | undefined]>([
    ['warn', pass, [finding], undefined],
    ['off', pass, [finding], undefined],
    ['strict', pass, [], undefined],
    ['strict', fail, [finding], undefined],
    ['strict', skip, [finding], undefined],
  ])('%s leaves %o with %j as it is', (mode, outcome, findings) => {
    expect(applyWireSchemaMode(outcome, findings, mode)).toBe(outcome);
  });

  it('strict fails a PASS with findings, the findings as its reason', () => {
    expect(applyWireSchemaMode(pass, [finding], 'strict')).toEqual({
      status: 'FAIL',
      detail:
        'wire_schema strict: 1 schema violation(s)\n' +
        "received tools/call (CallToolResult) at /result: must have required property 'content' " +
        '[https://modelcontextprotocol.io/specification/2025-11-25/schema#calltoolresult]',
    });
  });

  it('strict lists three findings and counts the rest', () => {
    const outcome = applyWireSchemaMode(pass, [finding, finding, finding, finding, finding], 'strict');
    expect(outcome.detail.split('\n')).toHaveLength(5);
    expect(outcome.detail).toMatch(/\(and 2 more\)$/);
  });
});
