import { describe, expect, it } from 'vitest';
import { answerToolCall, matchesArguments, renderArgsTemplate } from './answer-tool-call';
import { MockTool } from './mock-schema';

describe('matchesArguments', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['empty pattern matches anything', {}, { a: 1 }, true],
    ['equal scalar', { id: 1 }, { id: 1 }, true],
    ['different scalar', { id: 1 }, { id: 2 }, false],
    ['types are strict', { id: 1 }, { id: '1' }, false],
    ['extra argument keys are ignored', { id: 1 }, { id: 1, verbose: true }, true],
    ['a missing key does not match', { id: 1 }, {}, false],
    ['null must be present', { id: null }, {}, false],
    ['null matches null', { id: null }, { id: null }, true],
    ['nested mappings match partially', { filter: { tag: 'a' } }, { filter: { tag: 'a', limit: 3 } }, true],
    ['nested mismatch', { filter: { tag: 'a' } }, { filter: { tag: 'b' } }, false],
    ['a mapping does not match a scalar', { filter: { tag: 'a' } }, { filter: 'a' }, false],
    ['lists match element by element', { tags: ['a', 'b'] }, { tags: ['a', 'b'] }, true],
    ['lists need the same length', { tags: ['a'] }, { tags: ['a', 'b'] }, false],
    ['list order matters', { tags: ['b', 'a'] }, { tags: ['a', 'b'] }, false],
    ['list elements match partially', { items: [{ id: 1 }] }, { items: [{ id: 1, name: 'x' }] }, true],
    ['a list does not match a mapping', { tags: ['a'] }, { tags: { 0: 'a' } }, false],
  ])('%s', (_label, when, args, expected) => {
    expect(matchesArguments(when, args)).toBe(expected);
  });
});

describe('renderArgsTemplate', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['deleted {{args.id}}', { id: 7 }, 'deleted 7'],
    ['{{ args.name }}!', { name: 'Ada' }, 'Ada!'],
    ['{{args.filter.tags.1}}', { filter: { tags: ['a', 'b'] } }, 'b'],
    ['{{args.filter}}', { filter: { tag: 'a' } }, '{"tag":"a"}'],
    ['all: {{args}}', { a: 1 }, 'all: {"a":1}'],
    ['missing: [{{args.nope}}]', {}, 'missing: []'],
    ['{{fixture}} and {{other.x}} stay', { x: 1 }, '{{fixture}} and {{other.x}} stay'],
  ])('%s with %j -> %s', (text, args, expected) => {
    expect(renderArgsTemplate(text, args)).toBe(expected);
  });
});

function tool(yaml: Record<string, unknown>): MockTool {
  return MockTool.parse({ name: 't', ...yaml });
}

const text = (value: string) => ({ type: 'text', text: value });

describe('answerToolCall', () => {
  it('answers empty content, at once, when the tool has no response', () => {
    expect(answerToolCall(tool({}), { a: 1 })).toEqual({ kind: 'result', result: { content: [] }, delayMs: 0 });
  });

  it('answers the canned response with its delay', () => {
    expect(answerToolCall(tool({ response: { content: [text('ok')] }, delay_ms: 50 }), {})).toEqual({
      kind: 'result',
      result: { content: [text('ok')] },
      delayMs: 50,
    });
  });

  const cases = tool({
    delay_ms: 10,
    responses: [
      { when: { id: 1 }, response: { content: [text('one')] } },
      { when: { id: 1, extra: true }, response: { content: [text('never: the case above wins')] } },
      { when: { id: 2 }, delay_ms: 0, error: { code: -32001, message: 'locked' } },
      { when: { id: 3 }, response: { content: [text('bad')], isError: true } },
    ],
    response: {
      content: [text('fallback {{args.id}}')],
      structuredContent: { id: '{{args.id}}', note: 'id {{args.id}}' },
    },
  });

  it.each<[string, Record<string, unknown>, unknown]>([
    [
      'the first matching case wins',
      { id: 1, extra: true },
      { kind: 'result', result: { content: [text('one')] }, delayMs: 10 },
    ],
    [
      'a case error, with its own delay',
      { id: 2 },
      { kind: 'error', error: { code: -32001, message: 'locked' }, delayMs: 0 },
    ],
    ['a tool error', { id: 3 }, { kind: 'result', result: { content: [text('bad')], isError: true }, delayMs: 10 }],
    [
      '`response` as the default, templated (a whole placeholder keeps its type)',
      { id: 9 },
      {
        kind: 'result',
        result: { content: [text('fallback 9')], structuredContent: { id: 9, note: 'id 9' } },
        delayMs: 10,
      },
    ],
  ])('%s', (_label, args, expected) => {
    expect(answerToolCall(cases, args)).toEqual(expected);
  });

  it('answers the tool-level error when no case matches', () => {
    const broken = tool({ responses: [{ when: { ok: true }, response: {} }], error: { message: 'down' } });
    expect(answerToolCall(broken, {})).toEqual({ kind: 'error', error: { code: -32603, message: 'down' }, delayMs: 0 });
    expect(answerToolCall(broken, { ok: true })).toEqual({ kind: 'result', result: { content: [] }, delayMs: 0 });
  });

  it('answers a tool error naming the arguments when cases exist but none matches and there is no default', () => {
    const answer = answerToolCall(tool({ responses: [{ when: { id: 1 }, response: {} }] }), { id: 2 });
    expect(answer).toEqual({
      kind: 'result',
      result: { content: [text('mock tool "t": no `responses` case matches the arguments {"id":2}')], isError: true },
      delayMs: 0,
    });
  });

  it('keeps the template untouched in the definition (each call renders afresh)', () => {
    const echo = tool({ response: { content: [text('{{args.v}}')] } });
    expect(answerToolCall(echo, { v: 'a' })).toMatchObject({ result: { content: [text('a')] } });
    expect(answerToolCall(echo, { v: 'b' })).toMatchObject({ result: { content: [text('b')] } });
  });
});
