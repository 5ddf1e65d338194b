import { describe, expect, it } from 'vitest';
import {
  classifyAuditOutcome,
  type AuditObservation,
  type AuditOutcomeKind,
  type AuditProbeKind,
} from './classify-audit-outcome';

const text = (t: string, isError?: boolean): AuditObservation => ({
  kind: 'result',
  result: { content: [{ type: 'text', text: t }], ...(isError === undefined ? {} : { isError }) },
});

type Row = [
  name: string,
  probe: AuditProbeKind,
  observation: AuditObservation,
  outcome: AuditOutcomeKind,
  detail: RegExp,
];

const rows: Row[] = [
  ['a plain result', 'valid', text('0 records'), 'healthy', /^responded$/],
  ['an empty result', 'valid', { kind: 'result', result: { content: [] } }, 'healthy', /no text content/],
  ['isError false', 'valid', text('ok', false), 'healthy', /responded/],
  [
    'isError that is not a boolean true',
    'valid',
    { kind: 'result', result: { content: [], isError: 'true' } },
    'healthy',
    /responded/,
  ],
  ['isError true', 'valid', text('file not found', true), 'tool_error', /isError: file not found/],
  [
    'isError true for an invalid probe',
    'invalid',
    text('limit must be a number', true),
    'healthy',
    /rejected invalid input \(isError\)/,
  ],
  ['a plain result for an invalid probe', 'invalid', text('ok'), 'tool_error', /accepted invalid input/],
  ['a Python traceback', 'valid', text('Traceback (most recent call last):\n  File "x.py"', true), 'crash', /leaked/],
  ['a JS stack', 'invalid', text('TypeError: x is undefined\n    at run (/srv/tool.js:10:5)', true), 'crash', /leaked/],
  ['a Go panic', 'valid', text('panic: runtime error: index out of range', true), 'crash', /leaked/],
  ['internal error text', 'valid', text('Internal error: db down', true), 'crash', /leaked/],
  [
    'JSON-RPC invalid params',
    'valid',
    { kind: 'rpc_error', code: -32602, message: 'Invalid arguments' },
    'tool_error',
    /-32602/,
  ],
  [
    'JSON-RPC invalid params for an invalid probe',
    'invalid',
    { kind: 'rpc_error', code: -32602, message: 'bad' },
    'healthy',
    /rejected invalid input \(JSON-RPC error -32602/,
  ],
  [
    'a server-defined error code',
    'valid',
    { kind: 'rpc_error', code: -32050, message: 'quota' },
    'tool_error',
    /-32050/,
  ],
  ['JSON-RPC internal error', 'valid', { kind: 'rpc_error', code: -32603, message: 'boom' }, 'crash', /-32603: boom/],
  [
    'JSON-RPC internal error for an invalid probe',
    'invalid',
    { kind: 'rpc_error', code: -32603, message: 'boom' },
    'crash',
    /-32603/,
  ],
  ['method not found', 'valid', { kind: 'rpc_error', code: -32601, message: 'no tools' }, 'crash', /-32601/],
  ['parse error', 'valid', { kind: 'rpc_error', code: -32700, message: 'parse' }, 'crash', /-32700/],
  [
    'connection closed (SDK)',
    'valid',
    { kind: 'rpc_error', code: -32000, message: 'Connection closed' },
    'crash',
    /-32000/,
  ],
  [
    'request timeout (SDK)',
    'valid',
    { kind: 'rpc_error', code: -32001, message: 'Request timed out' },
    'timeout',
    /-32001/,
  ],
  [
    'connection dropped',
    'valid',
    { kind: 'transport_error', message: 'connection reset by the server' },
    'crash',
    /transport failed: connection reset/,
  ],
  [
    'HTTP 502',
    'invalid',
    { kind: 'transport_error', message: 'Bad Gateway', httpStatus: 502 },
    'crash',
    /^HTTP 502: Bad Gateway$/,
  ],
  ['timeout', 'valid', { kind: 'timeout', afterMs: 5000 }, 'timeout', /within 5000 ms/],
  [
    'refused by the policy',
    'valid',
    { kind: 'refused', code: 'destructive_not_allowed', message: 'destructive tool not called' },
    'refused',
    /destructive tool not called/,
  ],
];

describe('classifyAuditOutcome', () => {
  it.each(rows)('%s (%s probe) -> %s', (_name, probe, observation, outcome, detail) => {
    const classified = classifyAuditOutcome(probe, observation);
    expect(classified.outcome).toBe(outcome);
    expect(classified.detail).toMatch(detail);
  });

  it('keeps the refusal code and shortens long texts to one line', () => {
    expect(classifyAuditOutcome('valid', { kind: 'refused', code: 'budget_exhausted', message: 'm' }).refusal).toBe(
      'budget_exhausted',
    );
    const long = classifyAuditOutcome('valid', text(`line one\nline two ${'x'.repeat(500)}`, true));
    expect(long.detail).not.toContain('\n');
    expect(long.detail.length).toBeLessThan(240);
  });
});
