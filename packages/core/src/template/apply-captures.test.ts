import { describe, expect, it } from 'vitest';
import { firstJsonValue } from '../util/first-json-value';
import { applyCaptures } from './apply-captures';

const text = (...texts: string[]) => ({ content: texts.map((t) => ({ type: 'text', text: t })) });

describe('applyCaptures', () => {
  it.each<[string, Record<string, string>, unknown, Record<string, unknown>]>([
    ['nothing to capture', {}, undefined, {}],
    [
      'text JSON, typed values',
      { id: '$.session_id', n: '$.count', first: '$.items[0].name', all: '$' },
      text('{"session_id":"abc","count":3,"items":[{"name":"x"}]}'),
      { id: 'abc', n: 3, first: 'x', all: { session_id: 'abc', count: 3, items: [{ name: 'x' }] } },
    ],
    ['path without $.', { id: 'session_id' }, text('{"session_id":"abc"}'), { id: 'abc' }],
    ['falsy values', { z: '$.z', f: '$.f', n: '$.n' }, text('{"z":0,"f":false,"n":null}'), { z: 0, f: false, n: null }],
    ['root of a scalar document', { v: '$' }, text('0'), { v: 0 }],
    [
      'structuredContent first',
      { id: '$.id' },
      { ...text('{"id":"from-text"}'), structuredContent: { id: 'from-structured' } },
      { id: 'from-structured' },
    ],
    [
      'falls back to text when structuredContent lacks the path',
      { id: '$.id' },
      { ...text('{"id":"from-text"}'), structuredContent: { other: 1 } },
      { id: 'from-text' },
    ],
    [
      'text blocks joined with newlines; first JSON line',
      { id: '$.id' },
      text('Created session:', '{"id":"s-1"}', 'done'),
      { id: 's-1' },
    ],
    ['several matches: the first', { id: '$.items[*].id' }, text('{"items":[{"id":1},{"id":2}]}'), { id: 1 }],
    ['recursive descent', { id: '$..id' }, text('{"a":{"b":{"id":"deep"}}}'), { id: 'deep' }],
  ])('%s', (_label, capture, result, captured) => {
    expect(applyCaptures(capture, result)).toEqual({ ok: true, captured });
  });

  it.each<[string, Record<string, string>, unknown, string, string]>([
    [
      'no match',
      { id: '$.session_id' },
      text('{"id":"x"}'),
      'no_match',
      'capture "id" ($.session_id): no value matched in "{\\"id\\":\\"x\\"}"',
    ],
    [
      'no JSON at all',
      { id: '$.id' },
      text('created ok'),
      'no_json',
      'capture "id" ($.id): the setup result has no structuredContent and its text is not JSON (text: "created ok")',
    ],
    ['no content', { id: '$.id' }, {}, 'no_json', 'capture "id" ($.id): the setup result has no structuredContent'],
    [
      'filter expression refused',
      { id: '$.items[?(@.id==1)]' },
      text('{"items":[{"id":1}]}'),
      'script_disabled',
      'capture "id" ($.items[?(@.id==1)]): filter and script expressions',
    ],
    [
      'script expression refused',
      { id: '$.items[(@.length-1)]' },
      text('{"items":[1,2]}'),
      'script_disabled',
      'capture "id" ($.items[(@.length-1)]): filter and script expressions',
    ],
    ['empty path', { id: ' ' }, text('{}'), 'invalid_path', 'capture "id" ( ): the path is empty'],
  ])('fails: %s', (_label, capture, result, code, message) => {
    const outcome = applyCaptures(capture, result);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe(code);
      expect(outcome.error.name).toBe('id');
      expect(outcome.error.message.startsWith(message)).toBe(true);
    }
  });

  it('does not evaluate injected code', () => {
    const marker = globalThis as { __captured_pwned?: boolean };
    const outcome = applyCaptures({ x: '$[?(globalThis.__captured_pwned = true)]' }, text('{"a":1}'));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'script_disabled' } });
    expect(marker.__captured_pwned).toBeUndefined();
  });

  it('trims long text in messages', () => {
    const outcome = applyCaptures({ id: '$.id' }, text('x'.repeat(1000)));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toContain('…" (1000 chars)');
  });
});

describe('applyCaptures finds the JSON json_path checks (one extraction: firstJsonValue)', () => {
  it.each<[string, string, unknown]>([
    ['the whole text', '{"id":1}', { id: 1 }],
    ['the first JSON line after prose', 'Created:\n{"id":2}\ndone', { id: 2 }],
    // The two cases below found no JSON in captures before (they parsed line by line only), while json_path did.
    ['pretty-printed JSON after a prose line', 'Result:\n{\n  "id": 3\n}', { id: 3 }],
    ['a fenced, pretty-printed list', '```json\n[\n  1,\n  2\n]\n```', [1, 2]],
  ])('%s', (_label, body, value) => {
    expect(firstJsonValue(body)).toEqual({ ok: true, value });
    expect(applyCaptures({ v: '$' }, text(body))).toEqual({ ok: true, captured: { v: value } });
  });
});
