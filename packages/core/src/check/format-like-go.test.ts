import { describe, expect as assertThat, it } from 'vitest';
import { formatLikeGo } from './format-like-go';

describe('formatLikeGo', () => {
  it.each([
    [null, '<nil>'],
    ['s', 's'],
    [3, '3'],
    [1.5, '1.5'],
    [true, 'true'],
    [[1, 'a', null], '[1 a <nil>]'],
    [{ b: 1, a: { c: 2 } }, 'map[a:map[c:2] b:1]'],
  ])('%j -> %s', (value, formatted) => {
    assertThat(formatLikeGo(value)).toBe(formatted);
  });
});
