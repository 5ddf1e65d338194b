import { describe, expect, it } from 'vitest';
import { apiRunTrigger } from './api-run-trigger';

describe('apiRunTrigger', () => {
  it.each([
    [{}, 'API'],
    [{ commitSha: 'abc' }, 'CI'],
    [{ branch: 'main' }, 'CI'],
    // `mcptest ci` outside a known CI system and without --commit/--branch: still a CI run.
    [{ trigger: 'ci' as const }, 'CI'],
    [{ trigger: 'ci' as const, commitSha: 'abc' }, 'CI'],
    // The caller's word wins over the guess: a deploy script naming its commit is not a pipeline.
    [{ trigger: 'api' as const, commitSha: 'abc' }, 'API'],
  ])('%j is %s', (body, expected) => {
    expect(apiRunTrigger(body)).toBe(expected);
  });
});
