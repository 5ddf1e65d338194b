import { describe, expect, it } from 'vitest';
import { editDistance, suggestKey } from './suggest-key';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['contains', 'contains', 0],
    ['contians', 'contains', 1], // one transposition
    ['contain', 'contains', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3], // optimal string alignment: no edits of a transposed pair
  ])('%s -> %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('suggestKey', () => {
  const keys = [
    'contains',
    'contains_any',
    'not_contains',
    'equals',
    'json_path',
    'is_error',
    'not_error',
    'skip',
    'skip_unless_env',
  ];
  it.each([
    ['contians', 'contains'],
    ['contain', 'contains'],
    ['CONTAINS', 'contains'],
    ['jsonpath', 'json_path'],
    ['json-path', 'json_path'],
    ['is_eror', 'is_error'],
    ['skp', 'skip'],
    ['skip-unless-env', 'skip_unless_env'],
    ['equal', 'equals'],
    ['xyz', undefined],
    ['completely_different', undefined],
    ['sk', undefined],
  ])('%s -> %s', (key, suggestion) => {
    expect(suggestKey(key, keys)).toBe(suggestion);
  });
});
