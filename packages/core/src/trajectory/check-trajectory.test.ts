import { describe, expect, it } from 'vitest';
import { checkTrajectory, parseAuditLog, trajectoryArgsMatch } from './check-trajectory';
import type { TraceEntry, TrajectoryAssertion } from './trajectory-schema';

const trace: TraceEntry[] = [
  { tool: 'get_references', args: { file_path: 'main.go', line: 6 } },
  { tool: 'prepare_rename', args: { file_path: 'main.go', line: 6, column: 6 } },
  { tool: 'rename_symbol', args: { new_name: 'Entity', dry_run: false, opts: { deep: [1, 'x'] } } },
  { tool: 'get_diagnostics' },
  { tool: 'rename_symbol', args: { new_name: 'Other' } },
];

describe('checkTrajectory', () => {
  it.each<[string, TrajectoryAssertion]>([
    ['order: contiguous', { type: 'order', tools: ['prepare_rename', 'rename_symbol'] }],
    ['order: with calls in between', { type: 'order', tools: ['get_references', 'get_diagnostics'] }],
    ['order: a tool repeated later', { type: 'order', tools: ['rename_symbol', 'get_diagnostics', 'rename_symbol'] }],
    ['presence', { type: 'presence', tools: ['get_diagnostics', 'get_references'] }],
    ['absence', { type: 'absence', tools: ['apply_edit', 'delete_file'] }],
    ['args_contain: partial map', { type: 'args_contain', tool: 'rename_symbol', args: { new_name: 'Entity' } }],
    ['args_contain: several keys', { type: 'args_contain', tool: 'prepare_rename', args: { line: 6, column: 6 } }],
    ['args_contain: "6" matches 6', { type: 'args_contain', tool: 'prepare_rename', args: { line: '6' } }],
    [
      'args_contain: "false" matches false',
      { type: 'args_contain', tool: 'rename_symbol', args: { dry_run: 'false' } },
    ],
    ['args_contain: nested equal', { type: 'args_contain', tool: 'rename_symbol', args: { opts: { deep: [1, 'x'] } } }],
    ['args_contain: empty args = tool called', { type: 'args_contain', tool: 'get_diagnostics', args: {} }],
  ])('passes: %s', (_label, assertion) => {
    expect(checkTrajectory(trace, [assertion])).toEqual({ ok: true });
  });

  it.each<[string, TrajectoryAssertion, string]>([
    [
      'order: first tool missing',
      { type: 'order', tools: ['apply_edit', 'get_diagnostics'] },
      'order: "apply_edit" not found in trace (want order: [apply_edit, get_diagnostics]; got: [get_references, prepare_rename, rename_symbol, get_diagnostics, rename_symbol])',
    ],
    [
      'order: wrong order',
      { type: 'order', tools: ['get_diagnostics', 'prepare_rename'] },
      'order: found "get_diagnostics" but "prepare_rename" did not follow (want order: [get_diagnostics, prepare_rename]; got: [get_references, prepare_rename, rename_symbol, get_diagnostics, rename_symbol])',
    ],
    [
      'presence: one missing',
      { type: 'presence', tools: ['get_references', 'apply_edit'] },
      'presence: "apply_edit" not found in trace (got: [get_references, prepare_rename, rename_symbol, get_diagnostics, rename_symbol])',
    ],
    [
      'absence: forbidden tool called',
      { type: 'absence', tools: ['apply_edit', 'get_diagnostics'] },
      'absence: "get_diagnostics" appeared in trace but should not have (call 4 of 5: [get_references, prepare_rename, rename_symbol, get_diagnostics, rename_symbol])',
    ],
    [
      'args_contain: tool never called',
      { type: 'args_contain', tool: 'apply_edit', args: { x: 1 } },
      'args_contain: "apply_edit" not found in trace (got: [get_references, prepare_rename, rename_symbol, get_diagnostics, rename_symbol])',
    ],
    [
      'args_contain: key missing',
      { type: 'args_contain', tool: 'prepare_rename', args: { new_name: 'Entity' } },
      'args_contain: "prepare_rename" called without arg "new_name" (first call args: {"file_path":"main.go","line":6,"column":6})',
    ],
    [
      'args_contain: only the first call counts',
      { type: 'args_contain', tool: 'rename_symbol', args: { new_name: 'Other' } },
      'args_contain: "rename_symbol" arg "new_name": want "Other", got "Entity" (first call)',
    ],
    [
      'args_contain: call without args',
      { type: 'args_contain', tool: 'get_diagnostics', args: { file_path: 'main.go' } },
      'args_contain: "get_diagnostics" called without arg "file_path" (first call args: {})',
    ],
    [
      'args_contain: nested objects need the same keys',
      { type: 'args_contain', tool: 'rename_symbol', args: { opts: {} } },
      'args_contain: "rename_symbol" arg "opts": want {}, got {"deep":[1,"x"]} (first call)',
    ],
  ])('fails: %s', (_label, assertion, message) => {
    expect(checkTrajectory(trace, [assertion])).toEqual({
      ok: false,
      failure: { assertion: `trajectory[0] (${assertion.type})`, message },
    });
  });

  it('reports the first failing assertion by its index', () => {
    const result = checkTrajectory(trace, [
      { type: 'presence', tools: ['get_references'] },
      { type: 'absence', tools: ['get_references'] },
      { type: 'presence', tools: ['missing'] },
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure.assertion).toBe('trajectory[1] (absence)');
  });

  it('checks an empty trace', () => {
    expect(checkTrajectory([], [{ type: 'absence', tools: ['x'] }])).toEqual({ ok: true });
    expect(checkTrajectory([], [{ type: 'presence', tools: ['x'] }])).toMatchObject({
      ok: false,
      failure: { message: 'presence: "x" not found in trace (got: [])' },
    });
  });

  it('trims long traces in messages', () => {
    const long = Array.from({ length: 50 }, (_, i) => ({ tool: `t${i}` }));
    const result = checkTrajectory(long, [{ type: 'presence', tools: ['missing'] }]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.failure.message).toContain('t19, … 30 more]');
      expect(result.failure.message).not.toContain('t20');
    }
  });
});

describe('trajectoryArgsMatch', () => {
  it.each<[unknown, unknown, boolean]>([
    ['a', 'a', true],
    [1, 1, true],
    [1, '1', true],
    ['1', 1, true],
    [1.5, '1.5', true],
    [true, 'true', true],
    [true, 1, false],
    [1, 2, false],
    [null, null, true],
    [null, 'null', false],
    [[1, 2], [1, 2], true],
    [[1, 2], [1, 2, 3], false],
    [[1], { 0: 1 }, false],
    [{ a: 1 }, { a: '1' }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1 }, { b: 1 }, false],
    ['x', { x: 1 }, false],
  ])('%j vs %j → %s', (expected, actual, want) => {
    expect(trajectoryArgsMatch(expected, actual)).toBe(want);
  });
});

describe('parseAuditLog', () => {
  it('reads tool calls, skips blank and non-tool lines, keeps object args only', () => {
    const text = [
      '{"action":"session_start"}',
      '',
      '  {"action":"tool_call","tool":"open_document","args":{"file_path":"a.go"}}  ',
      'null',
      '{"tool":"get_diagnostics","args":"not an object"}',
      '{"tool":"","args":{}}',
      '{"tool":"apply_edit"}\r',
      '',
    ].join('\n');
    expect(parseAuditLog(text)).toEqual({
      ok: true,
      trace: [
        { tool: 'open_document', args: { file_path: 'a.go' } },
        { tool: 'get_diagnostics' },
        { tool: 'apply_edit' },
      ],
    });
  });

  it('accepts an empty log', () => {
    expect(parseAuditLog('')).toEqual({ ok: true, trace: [] });
    expect(parseAuditLog('\n\n')).toEqual({ ok: true, trace: [] });
  });

  it.each<[string, string, number, 'invalid_json' | 'not_an_object', string]>([
    ['bad JSON', '{"tool":"a"}\n\n{"tool": oops}\n', 3, 'invalid_json', 'audit log line 3: invalid JSON:'],
    ['truncated line', '{"tool":"a"', 1, 'invalid_json', 'audit log line 1: invalid JSON:'],
    ['an array', '{"tool":"a"}\n["tool"]', 2, 'not_an_object', 'audit log line 2: expected a JSON object'],
    ['a string', '"tool"', 1, 'not_an_object', 'got a string'],
  ])('locates %s', (_label, text, line, code, messageStart) => {
    const result = parseAuditLog(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.line).toBe(line);
      expect(result.error.code).toBe(code);
      expect(result.error.message).toContain(messageStart);
    }
  });
});
