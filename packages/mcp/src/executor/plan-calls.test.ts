import { defaultExecPolicy, ExecPolicy, loadSuite, type LoadedAssertion, type ToolDescriptor } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { judgeCalls, plannedCalls } from './plan-calls';

function load(yaml: string): LoadedAssertion {
  const loaded = loadSuite(yaml, 'suite.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const [first] = loaded.suite.assertions;
  if (!first) throw new Error('no assertion');
  return first;
}

const tools = new Map<string, ToolDescriptor>([
  ['search', { name: 'search', annotations: { readOnlyHint: true } }],
  ['delete_record', { name: 'delete_record' }],
  ['create_record', { name: 'create_record' }],
  ['harmless', { name: 'harmless', annotations: { destructiveHint: true } }],
]);

describe('plannedCalls', () => {
  it('lists setup steps then the block tool', () => {
    const assertion = load(`
setup:
  - { tool: create_record, args: { id: 1 } }
assert: { tool: search, expect: { not_error: true } }
`);
    expect(plannedCalls(assertion)).toEqual([
      { tool: 'create_record', role: 'setup[0]' },
      { tool: 'search', role: 'assert' },
    ]);
  });

  it.each([
    ['assert_resources: { list: {} }', []],
    ['assert_prompts: { list: {} }', []],
    ['assert_logging: { set_level: debug }', []],
    ['assert_logging: { set_level: debug, tool: search }', [{ tool: 'search', role: 'assert_logging' }]],
    ['assert_sampling: { tool: search, mock_text: hi }', [{ tool: 'search', role: 'assert_sampling' }]],
  ])('%s', (block, calls) => {
    expect(plannedCalls(load(block))).toEqual(calls);
  });
});

describe('judgeCalls', () => {
  const policy = defaultExecPolicy();

  it.each([
    ['search', true, 'ReadOnly', 'Execute', false],
    ['create_record', true, 'Mutating', 'ExecuteOnce', true],
    ['unknown_tool', true, 'ReadOnlyPresumed', 'Execute', false],
    ['delete_record', false, 'Destructive', 'Refuse', false],
    ['harmless', false, 'Destructive', 'Refuse', false],
  ] as const)('%s: ok=%s class=%s decision=%s', (tool, ok, toolClass, decision, once) => {
    const verdict = judgeCalls([{ tool, role: 'assert' }], tools, policy);
    expect(verdict.ok).toBe(ok);
    expect(verdict.toolClass).toBe(toolClass);
    expect(verdict.decision).toBe(decision);
    if (verdict.ok) expect(verdict.once).toBe(once);
    else expect(verdict.reason).toContain('execute_destructive is off');
  });

  it('refuses an assertion whose setup step is destructive, naming the step', () => {
    const verdict = judgeCalls(
      [
        { tool: 'delete_record', role: 'setup[0]' },
        { tool: 'search', role: 'assert' },
      ],
      tools,
      policy,
    );
    expect(verdict).toMatchObject({ ok: false, toolClass: 'ReadOnly', decision: 'Execute' });
    expect(!verdict.ok && verdict.reason).toMatch(/^setup\[0\] calls delete_record is Destructive/);
  });

  it('runs a destructive tool once when execute_destructive is on', () => {
    const verdict = judgeCalls(
      [{ tool: 'delete_record', role: 'assert' }],
      tools,
      ExecPolicy.parse({ execute_destructive: true }),
    );
    expect(verdict).toEqual({ ok: true, toolClass: 'Destructive', decision: 'ExecuteOnce', once: true });
  });

  it('a mutating setup step makes the assertion run once', () => {
    const verdict = judgeCalls(
      [
        { tool: 'create_record', role: 'setup[0]' },
        { tool: 'search', role: 'assert' },
      ],
      tools,
      policy,
    );
    expect(verdict).toEqual({ ok: true, toolClass: 'ReadOnly', decision: 'Execute', once: true });
  });
});
