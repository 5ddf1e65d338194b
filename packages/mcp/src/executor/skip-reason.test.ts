import { describe, expect, it } from 'vitest';
import { staticSkipReason } from './skip-reason';

describe('staticSkipReason', () => {
  const env = { SET: 'yes', EMPTY: '' };
  it.each([
    [{ skipUnlessEnv: [] }, undefined],
    [{ skip: { reason: 'needs taskSupport' }, skipUnlessEnv: [] }, 'needs taskSupport'],
    [{ skip: { reason: 'manual' }, skipUnlessEnv: ['MISSING'] }, 'manual'],
    [{ skipUnlessEnv: ['SET'] }, undefined],
    [{ skipUnlessEnv: ['MISSING'] }, 'skipped: env var MISSING not set'],
    [{ skipUnlessEnv: ['EMPTY'] }, 'skipped: env var EMPTY not set'],
    [{ skipUnlessEnv: ['SET', 'MISSING', 'EMPTY'] }, 'skipped: env vars MISSING, EMPTY not set'],
  ])('%j -> %s', (assertion, reason) => {
    expect(staticSkipReason(assertion, env)).toBe(reason);
  });
});
