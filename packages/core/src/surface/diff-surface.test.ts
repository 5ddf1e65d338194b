import { describe, expect, it } from 'vitest';
import { ExecPolicy } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { describeSurfaceDiff, diffJson, diffSurface, SurfaceDiff, type SurfaceAlertKind } from './diff-surface';
import type { ServerSurface } from './server-surface';

function surface(overrides: Partial<ServerSurface> = {}): ServerSurface {
  return {
    format: 1,
    serverInfo: { name: 'srv', version: '1.0.0' },
    protocolVersion: '2025-11-25',
    instructions: null,
    tools: [],
    toolsTruncated: false,
    resources: [],
    resourceTemplates: [],
    prompts: [],
    ...overrides,
  };
}

const search: ToolDescriptor = {
  name: 'search',
  description: 'Find things',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  annotations: { readOnlyHint: true },
};

describe('diffJson', () => {
  it.each([
    ['equal up to key order', { a: 1, b: { c: 2 } }, { b: { c: 2 }, a: 1 }, []],
    [
      'a nested value changed',
      { p: { q: { type: 'string' } } },
      { p: { q: { type: 'number' } } },
      [{ path: 'p.q.type', kind: 'changed', before: 'string', after: 'number' }],
    ],
    [
      'a key added and one removed',
      { a: 1 },
      { b: 2 },
      [
        { path: 'a', kind: 'removed', before: 1 },
        { path: 'b', kind: 'added', after: 2 },
      ],
    ],
    [
      'array entries by index',
      { required: ['a', 'b'] },
      { required: ['a'] },
      [{ path: 'required[1]', kind: 'removed', before: 'b' }],
    ],
    [
      'keys that are not identifiers are quoted',
      { 'mcp.dev/risk': 'low' },
      { 'mcp.dev/risk': 'high' },
      [{ path: '["mcp.dev/risk"]', kind: 'changed', before: 'low', after: 'high' }],
    ],
    ['a field that appears', undefined, { type: 'object' }, [{ path: '', kind: 'added', after: { type: 'object' } }]],
    ['a field that goes', { type: 'object' }, undefined, [{ path: '', kind: 'removed', before: { type: 'object' } }]],
    ['a scalar changed', 'x', 'y', [{ path: '', kind: 'changed', before: 'x', after: 'y' }]],
    ['an object became an array', { a: 1 }, [1], [{ path: '', kind: 'changed', before: { a: 1 }, after: [1] }]],
  ])('%s', (_name, before, after, expected) => {
    expect(diffJson(before, after)).toEqual(expected);
  });
});

describe('diffSurface', () => {
  it('reports nothing for the same surface, whatever the list order', () => {
    const a = surface({ tools: [search, { name: 'b' }], prompts: [{ name: 'p' }, { name: 'q' }] });
    const b = surface({ tools: [{ name: 'b' }, search], prompts: [{ name: 'q' }, { name: 'p' }] });
    const diff = diffSurface(a, b);
    expect(diff.changed).toBe(false);
    expect(diff.loud).toBe(false);
    expect(describeSurfaceDiff(diff)).toBe('no change');
  });

  it('reports a rewritten description with its texts before and after', () => {
    const after = surface({ tools: [{ ...search, description: 'Find things. Always call this first.' }] });
    const diff = diffSurface(surface({ tools: [search] }), after);
    expect(diff.changed).toBe(true);
    expect(diff.tools.changed).toEqual([
      {
        name: 'search',
        fields: ['description'],
        description: { before: 'Find things', after: 'Find things. Always call this first.' },
      },
    ]);
    expect(diff.loud).toBe(false);
    expect(describeSurfaceDiff(diff)).toBe('tools changed: search (description)');
  });

  it('reports schema changes as readable JSON diffs and fields it has no name for under other', () => {
    const after: ToolDescriptor = {
      ...search,
      inputSchema: {
        type: 'object',
        properties: { q: { type: 'string' }, limit: { type: 'integer' } },
        required: ['q'],
      },
      outputSchema: { type: 'object' },
      execution: { taskSupport: 'optional' },
    };
    const diff = diffSurface(surface({ tools: [search] }), surface({ tools: [after] }));
    expect(diff.tools.changed[0]).toEqual({
      name: 'search',
      fields: ['inputSchema', 'outputSchema', 'other'],
      inputSchema: [{ path: 'properties.limit', kind: 'added', after: { type: 'integer' } }],
      outputSchema: [{ path: '', kind: 'added', after: { type: 'object' } }],
      other: [{ path: 'execution', kind: 'added', after: { taskSupport: 'optional' } }],
    });
  });

  it('reports tools, resources, templates and prompts added and removed, and changed items by key', () => {
    const before = surface({
      tools: [search, { name: 'old' }],
      resources: [{ uri: 'file:///a', name: 'a' }, { uri: 'file:///gone' }],
      resourceTemplates: [{ uriTemplate: 'file:///{x}' }],
      prompts: [{ name: 'p', description: 'one' }],
    });
    const after = surface({
      tools: [search, { name: 'fresh', annotations: { readOnlyHint: true } }],
      resources: [{ uri: 'file:///a', name: 'A' }],
      resourceTemplates: [{ uriTemplate: 'file:///{x}' }, { uriTemplate: 'db://{t}' }],
      prompts: [],
    });
    const diff = diffSurface(before, after);
    expect(diff.tools).toEqual({ added: ['fresh'], removed: ['old'], changed: [] });
    expect(diff.resources).toEqual({
      added: [],
      removed: ['file:///gone'],
      changed: [{ key: 'file:///a', changes: [{ path: 'name', kind: 'changed', before: 'a', after: 'A' }] }],
    });
    expect(diff.resourceTemplates.added).toEqual(['db://{t}']);
    expect(diff.prompts.removed).toEqual(['p']);
    expect(describeSurfaceDiff(diff)).toBe(
      'tools added: fresh; tools removed: old; resources removed: file:///gone; resources changed: file:///a; ' +
        'resource templates added: db://{t}; prompts removed: p',
    );
  });

  it('reports instructions, server info, protocol version and truncation', () => {
    const after = surface({
      instructions: 'Use search first.',
      serverInfo: { name: 'srv', version: '1.1.0' },
      protocolVersion: '2026-07-28',
      toolsTruncated: true,
    });
    const diff = diffSurface(surface(), after);
    expect(diff.instructions).toEqual({ before: null, after: 'Use search first.' });
    expect(diff.serverInfo).toEqual([{ path: 'version', kind: 'changed', before: '1.0.0', after: '1.1.0' }]);
    expect(diff.protocolVersion).toEqual({ before: '2025-11-25', after: '2026-07-28' });
    expect(describeSurfaceDiff(diff)).toBe(
      'instructions changed; server info changed (version); protocol version 2025-11-25 -> 2026-07-28; ' +
        'tools/list now truncated',
    );
  });

  it('shortens long lists in the one-line description', () => {
    const diff = diffSurface(surface(), surface({ tools: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name })) }));
    expect(describeSurfaceDiff(diff)).toBe('tools added: a, b, c +2 more');
  });

  const loudCases: [string, ToolDescriptor[], ToolDescriptor[], SurfaceAlertKind[]][] = [
    [
      'readOnlyHint true -> false',
      [{ name: 'lookup', annotations: { readOnlyHint: true } }],
      [{ name: 'lookup', annotations: { readOnlyHint: false } }],
      ['no_longer_read_only'],
    ],
    [
      'readOnlyHint dropped (the name says nothing)',
      [{ name: 'lookup', annotations: { readOnlyHint: true } }],
      [{ name: 'lookup' }],
      ['no_longer_read_only'],
    ],
    [
      'gains destructiveHint true',
      [{ name: 'lookup', annotations: { readOnlyHint: true } }],
      [{ name: 'lookup', annotations: { destructiveHint: true } }],
      ['no_longer_read_only', 'became_destructive'],
    ],
    [
      'a mutating tool gains destructiveHint',
      [{ name: 'save', annotations: { readOnlyHint: false } }],
      [{ name: 'save', annotations: { readOnlyHint: false, destructiveHint: true } }],
      ['became_destructive'],
    ],
    ['a destructive tool appears (by name)', [], [{ name: 'delete_all' }], ['destructive_added']],
    [
      'a destructive tool appears (by hint)',
      [],
      [{ name: 'tidy', annotations: { destructiveHint: true } }],
      ['destructive_added'],
    ],
    ['a read-only tool appears', [], [{ name: 'get', annotations: { readOnlyHint: true } }], []],
    [
      'a read-only tool stays read-only with a new description',
      [{ name: 'get', description: 'a', annotations: { readOnlyHint: true } }],
      [{ name: 'get', description: 'b', annotations: { readOnlyHint: true } }],
      [],
    ],
    [
      'a presumed read-only tool (name only) gains a mutating hint: not loud, it was never declared read-only',
      [{ name: 'lookup' }],
      [{ name: 'lookup', annotations: { readOnlyHint: false } }],
      [],
    ],
    ['a destructive tool removed', [{ name: 'delete_all' }], [], []],
  ];

  it.each(loudCases)('loud: %s', (_name, before, after, kinds) => {
    const diff = diffSurface(surface({ tools: before }), surface({ tools: after }));
    expect(diff.alerts.map((a) => a.kind)).toEqual(kinds);
    expect(diff.loud).toBe(kinds.length > 0);
    if (kinds.length > 0) expect(describeSurfaceDiff(diff)).toMatch(/^LOUD: /);
  });

  it('decides read-only and destructive with the given policy', () => {
    const added = (policy?: ExecPolicy) =>
      diffSurface(surface(), surface({ tools: [{ name: 'tidy_up' }] }), policy ? { policy } : {}).loud;
    expect(added()).toBe(false);
    expect(added(ExecPolicy.parse({ destructive_words: ['tidy'] }))).toBe(true);
  });

  it('is valid against its own schema after a JSON round trip (what SurfaceChange.diff stores)', () => {
    const diff = diffSurface(
      surface({ tools: [search] }),
      surface({ tools: [{ ...search, description: undefined, annotations: { readOnlyHint: false } }] }),
    );
    const stored: unknown = JSON.parse(JSON.stringify(diff));
    expect(SurfaceDiff.parse(stored)).toEqual(stored);
    expect(diff.tools.changed[0]?.description).toEqual({ before: 'Find things' });
  });
});
