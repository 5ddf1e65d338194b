import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@mcptest/core';
import { diffTools } from './diff-tools';

describe('diffTools', () => {
  it('reports tools added, removed and changed, naming the fields that changed', () => {
    const previous = [
      { name: 'search', description: 'Find things', inputSchema: { type: 'object', properties: { q: {} } } },
      { name: 'old', description: 'Going away' },
      { name: 'flag', annotations: { readOnlyHint: true } },
    ];
    const current = [
      { name: 'search', description: 'Find things', inputSchema: { properties: { q: {} }, type: 'object' } },
      { name: 'flag', annotations: { readOnlyHint: false }, _meta: { 'mcp.dev/effect': 'write' } },
      { name: 'new', description: 'Arrived' },
    ];
    expect(diffTools(previous, current)).toEqual({
      added: ['new'],
      removed: ['old'],
      changed: [{ name: 'flag', fields: ['annotations', '_meta'] }],
    });
  });

  it('reports nothing for the same list, and every tool as added against an empty one', () => {
    const tools = [{ name: 'a' }, { name: 'b', description: 'x' }];
    expect(diffTools(tools, tools)).toEqual({ added: [], removed: [], changed: [] });
    expect(diffTools([], tools).added).toEqual(['a', 'b']);
  });

  it('compares nested objects regardless of key order, but arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});
