import { describe, expect, it } from 'vitest';
import { deriveTriggerDefaults, readCiEnv } from './derive-trigger-defaults';

const derive = (env: Record<string, string>, suite = 'suite_1') => deriveTriggerDefaults(readCiEnv(env), suite);

describe('deriveTriggerDefaults', () => {
  it('GitHub Actions push: commit, ref name, key from run id and attempt', () => {
    expect(
      derive({ GITHUB_RUN_ID: '100', GITHUB_RUN_ATTEMPT: '1', GITHUB_SHA: 'abc', GITHUB_REF_NAME: 'main' }),
    ).toEqual({
      commitSha: 'abc',
      branch: 'main',
      idempotencyKey: 'github:100:1:suite_1',
      ci: 'github',
    });
  });

  it('GitHub pull_request: the head branch wins over the merge ref; an empty head ref counts as unset', () => {
    const base = { GITHUB_RUN_ID: '100', GITHUB_RUN_ATTEMPT: '2', GITHUB_REF_NAME: '17/merge' };
    expect(derive({ ...base, GITHUB_HEAD_REF: 'feature' }).branch).toBe('feature');
    expect(derive({ ...base, GITHUB_HEAD_REF: '' }).branch).toBe('17/merge');
  });

  it('a re-run (new attempt) or another suite gets another key; a retried step the same', () => {
    const env = { GITHUB_RUN_ID: '100', GITHUB_RUN_ATTEMPT: '1' };
    const key = derive(env).idempotencyKey;
    expect(derive(env).idempotencyKey).toBe(key);
    expect(derive({ ...env, GITHUB_RUN_ATTEMPT: '2' }).idempotencyKey).not.toBe(key);
    expect(derive(env, 'suite_2').idempotencyKey).not.toBe(key);
  });

  it('GitLab CI: pipeline and job ids', () => {
    expect(
      derive({ CI_PIPELINE_ID: '5', CI_JOB_ID: '77', CI_COMMIT_SHA: 'def', CI_COMMIT_REF_NAME: 'develop' }),
    ).toEqual({ commitSha: 'def', branch: 'develop', idempotencyKey: 'gitlab:5:77:suite_1', ci: 'gitlab' });
  });

  it('outside CI: nothing', () => {
    expect(derive({ HOME: '/root' })).toEqual({});
  });

  it('readCiEnv keeps only the variables it knows', () => {
    expect(readCiEnv({ MCPTEST_TOKEN: 'mcpt_x', OTHER: 'y' })).toEqual({ MCPTEST_TOKEN: 'mcpt_x' });
  });
});
