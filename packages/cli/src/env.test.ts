import { EnvError } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { CLI_PRIVATE_NETWORKS, readCliEnv } from './env';

describe('readCliEnv', () => {
  it.each([
    ['unset: loopback and the private ranges', {}, CLI_PRIVATE_NETWORKS.split(',')],
    ['empty counts as unset', { MCPTEST_ALLOW_PRIVATE_NETWORKS: '' }, CLI_PRIVATE_NETWORKS.split(',')],
    ['none: public addresses only', { MCPTEST_ALLOW_PRIVATE_NETWORKS: 'none' }, []],
    [
      'a list replaces the default',
      { MCPTEST_ALLOW_PRIVATE_NETWORKS: '10.1.0.0/16, ::1/128' },
      ['10.1.0.0/16', '::1/128'],
    ],
  ])('%s', (_label, source, expected) => {
    expect(readCliEnv(source).allowPrivateNetworks).toEqual(expected);
  });

  it('never lists link-local or metadata space by default', () => {
    expect(CLI_PRIVATE_NETWORKS).not.toMatch(/169\.254|fe80/);
  });

  it('keeps the whole environment for suites and reads the GitHub step summary', () => {
    const env = readCliEnv({ API_TOKEN: 't', GITHUB_STEP_SUMMARY: '/tmp/summary.md' });
    expect(env.raw.API_TOKEN).toBe('t');
    expect(env.githubStepSummary).toBe('/tmp/summary.md');
  });

  it('names an invalid allowlist', () => {
    expect(() => readCliEnv({ MCPTEST_ALLOW_PRIVATE_NETWORKS: 'bogus' })).toThrow(EnvError);
    expect(() => readCliEnv({ MCPTEST_ALLOW_PRIVATE_NETWORKS: 'bogus' })).toThrow(/MCPTEST_ALLOW_PRIVATE_NETWORKS/);
  });
});
