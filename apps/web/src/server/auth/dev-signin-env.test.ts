// env.ts's rules for the sign-in variables: the development sign-in must never start in production.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvError } from '@mcptest/core';
import { env, resetEnvForTests } from '../../env';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgresql://u@db:5432/x',
  REDIS_URL: 'redis://r:6379',
  MCPTEST_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
  AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
};

function load(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetEnvForTests();
  try {
    return env();
  } finally {
    resetEnvForTests();
  }
}

function problems(vars: Record<string, string>) {
  try {
    load(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
  throw new Error('expected an EnvError');
}

afterEach(() => vi.unstubAllEnvs());

describe('sign-in environment', () => {
  it('refuses MCPTEST_DEV_SIGNIN=1 when NODE_ENV is production', () => {
    expect(problems({ ...PRODUCTION, MCPTEST_DEV_SIGNIN: '1' })).toEqual([
      {
        variable: 'MCPTEST_DEV_SIGNIN',
        message: 'the development sign-in cannot be enabled when NODE_ENV is production',
      },
    ]);
    expect(load({ ...PRODUCTION, MCPTEST_DEV_SIGNIN: '0' }).MCPTEST_DEV_SIGNIN).toBe(false);
    expect(load({ ...PRODUCTION }).MCPTEST_DEV_SIGNIN).toBe(false);
  });

  it('allows it in development and test, and defaults EMAIL_FROM', () => {
    const development = load({ NODE_ENV: 'development', MCPTEST_DEV_SIGNIN: '1' });
    expect(development.MCPTEST_DEV_SIGNIN).toBe(true);
    expect(development.EMAIL_FROM).toBe('mcptest <noreply@localhost>');
    expect(load({ NODE_ENV: 'test', MCPTEST_DEV_SIGNIN: '1' }).MCPTEST_DEV_SIGNIN).toBe(true);
    expect(problems({ NODE_ENV: 'test', MCPTEST_DEV_SIGNIN: 'yes' }).map((p) => p.variable)).toEqual([
      'MCPTEST_DEV_SIGNIN',
    ]);
  });

  it('wants both GitHub variables or neither, and an smtp URL', () => {
    expect(problems({ NODE_ENV: 'test', AUTH_GITHUB_ID: 'id' })).toEqual([
      {
        variable: 'AUTH_GITHUB_SECRET',
        message: 'AUTH_GITHUB_ID and AUTH_GITHUB_SECRET must be set together (or neither)',
      },
    ]);
    expect(load({ NODE_ENV: 'test', AUTH_GITHUB_ID: 'id', AUTH_GITHUB_SECRET: 's' }).AUTH_GITHUB_ID).toBe('id');
    expect(problems({ NODE_ENV: 'test', SMTP_URL: 'mail.example.com' }).map((p) => p.variable)).toEqual(['SMTP_URL']);
  });
});
