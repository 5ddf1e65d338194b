import { describe, expect, it } from 'vitest';
import { formatToolListError, parseToolList, parseToolListJson } from './tool-descriptor';

describe('parseToolList', () => {
  it('accepts a tools/list result and keeps unknown fields', () => {
    const result = parseToolList({ tools: [{ name: 'a', icons: [1] }], nextCursor: 'x' });
    expect(result).toEqual({ ok: true, tools: [{ name: 'a', icons: [1] }] });
  });

  it('accepts a bare array', () => {
    expect(parseToolList([{ name: 'a' }, { name: 'b', annotations: 'odd' }])).toEqual({
      ok: true,
      tools: [{ name: 'a' }, { name: 'b', annotations: 'odd' }],
    });
  });

  it('accepts an empty list', () => {
    expect(parseToolList({ tools: [] })).toEqual({ ok: true, tools: [] });
  });

  it.each([
    ['a string', 'tools', '$: expected a tools/list result {"tools":[...]} or an array of tools, got a string'],
    [
      'an object without tools',
      { result: [] },
      '$: expected a tools/list result {"tools":[...]} or an array of tools, got an object without a "tools" array',
    ],
    ['null', null, '$: expected a tools/list result {"tools":[...]} or an array of tools, got null'],
  ])('refuses %s', (_label, input, message) => {
    const result = parseToolList(input);
    expect(result.ok ? [] : result.errors.map(formatToolListError)).toEqual([message]);
  });

  it('locates every bad entry by index and field', () => {
    const result = parseToolList({
      tools: [{ name: 'ok' }, 'x', { description: 'd' }, { name: '' }, { name: 7 }, null],
    });
    expect(result.ok ? [] : result.errors).toEqual([
      { index: 1, path: 'tools[1]', message: 'expected a tool object, got a string' },
      { index: 2, path: 'tools[2].name', message: 'must be a non-empty string, got missing' },
      { index: 3, path: 'tools[3].name', message: 'must be a non-empty string, got an empty string' },
      { index: 4, path: 'tools[4].name', message: 'must be a non-empty string, got a number' },
      { index: 5, path: 'tools[5]', message: 'expected a tool object, got null' },
    ]);
  });

  it('locates entries of a bare array without a prefix', () => {
    const result = parseToolList([[]]);
    expect(result.ok ? [] : result.errors.map(formatToolListError)).toEqual([
      '[0]: expected a tool object, got an array',
    ]);
  });
});

describe('parseToolListJson', () => {
  it('reports invalid JSON', () => {
    const result = parseToolListJson('{"tools": [');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.errors[0]?.message).toMatch(/^invalid JSON: /);
  });

  it('parses valid JSON', () => {
    expect(parseToolListJson('[{"name":"a"}]')).toEqual({ ok: true, tools: [{ name: 'a' }] });
  });
});
