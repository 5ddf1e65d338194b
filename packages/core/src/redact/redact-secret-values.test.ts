import { describe, expect, it } from 'vitest';
import { redactSecretValues, SECRET_VALUE_MARKER } from './redact-secret-values';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.payload.signature';

describe('redactSecretValues', () => {
  it.each([
    ['a bare string', `Bearer ${TOKEN}`, `Bearer ${SECRET_VALUE_MARKER}`],
    [
      'nested in a transcript',
      [{ message: { result: { content: [{ type: 'text', text: `saw ${TOKEN}!` }] } } }],
      [{ message: { result: { content: [{ type: 'text', text: `saw ${SECRET_VALUE_MARKER}!` }] } } }],
    ],
    ['an object key', { [TOKEN]: 1 }, { [SECRET_VALUE_MARKER]: 1 }],
    ['repeated', `${TOKEN}${TOKEN}`, `${SECRET_VALUE_MARKER}${SECRET_VALUE_MARKER}`],
    ['numbers, booleans and null untouched', { a: 1, b: true, c: null }, { a: 1, b: true, c: null }],
    ['text without a secret unchanged', { text: 'nothing here' }, { text: 'nothing here' }],
  ])('%s', (_name, input, expected) => {
    expect(redactSecretValues(input, [TOKEN, 'short'])).toEqual(expected);
  });

  it('masks the longer of two overlapping secrets whole and leaves the input as it was', () => {
    const input = { text: `${TOKEN}-refresh` };
    expect(redactSecretValues(input, [TOKEN, `${TOKEN}-refresh`])).toEqual({ text: SECRET_VALUE_MARKER });
    expect(input.text).toBe(`${TOKEN}-refresh`);
  });

  it('ignores secrets too short to be tokens', () => {
    expect(redactSecretValues('a bearer token', ['bearer', 'to'])).toBe('a bearer token');
  });
});
