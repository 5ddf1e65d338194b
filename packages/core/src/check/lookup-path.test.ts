import { describe, expect as assertThat, it } from 'vitest';
import { lookupPath } from './lookup-path';

describe('lookupPath', () => {
  const data = { a: { b: [10, [20, 30]] }, 'x.y': 1 };
  it.each([
    ['$.a.b[0]', 10],
    ['a.b[1][1]', 30],
    ['$', data],
  ] as const)('%s', (path, value) => {
    assertThat(lookupPath(data, path)).toEqual({ ok: true, value });
  });
  it.each([
    ['$.a.b[-1]', 'index -1 out of range (len=2)'],
    ['$.a..b', 'field "" not found'],
    ['$.x.y', 'field "x" not found'],
    ['$[0]', 'expected array at "[0]", got object'],
  ])('%s fails', (path, error) => {
    assertThat(lookupPath(data, path)).toEqual({ ok: false, error });
  });
});
