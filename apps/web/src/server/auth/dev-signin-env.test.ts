// env.ts's rules for the sign-in variables: the development sign-in must never start in production or on a public
// APP_URL, APP_URL follows PORT, and Auth.js's URL comes from APP_URL alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvError } from '@mcptest/core';
import { applyAuthUrl, env, readWebEnv, resetEnvForTests } from '@/env';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://mcptest.example',
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
        message:
          'the development sign-in cannot be enabled: NODE_ENV is production and APP_URL https://mcptest.example is not loopback',
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

  it('refuses the development sign-in and secrets on a non-loopback APP_URL unless MCPTEST_ALLOW_DEV_DEFAULTS=1', () => {
    const lan = { NODE_ENV: 'development', APP_URL: 'http://192.168.1.20:3000', MCPTEST_DEV_SIGNIN: '1' };
    expect(problems(lan).map((p) => p.variable)).toEqual([
      'MCPTEST_ENCRYPTION_KEYS',
      'AUTH_SECRET',
      'MCPTEST_DEV_SIGNIN',
    ]);
    expect(load({ ...lan, MCPTEST_ALLOW_DEV_DEFAULTS: '1' }).MCPTEST_DEV_SIGNIN).toBe(true);
  });

  it('defaults APP_URL to http://localhost:$PORT', () => {
    expect(readWebEnv({}).APP_URL).toBe('http://localhost:3000');
    expect(readWebEnv({ PORT: '3005' }).APP_URL).toBe('http://localhost:3005');
  });

  it("pins Auth.js's URL to APP_URL unless the proxy headers are trusted, and refuses another AUTH_URL", () => {
    vi.stubEnv('AUTH_URL', undefined); // restored by unstubAllEnvs, whatever applyAuthUrl leaves
    const pinned = readWebEnv({ APP_URL: 'http://localhost:3005' });
    applyAuthUrl(pinned);
    expect(process.env.AUTH_URL).toBe('http://localhost:3005/api/auth');
    // Our own value is accepted when the env is read again; any other is not.
    expect(readWebEnv({ APP_URL: 'http://localhost:3005', AUTH_URL: 'http://localhost:3005/api/auth' }).APP_URL).toBe(
      'http://localhost:3005',
    );
    expect(problems({ NODE_ENV: 'test', AUTH_URL: 'https://evil.example/api/auth', NEXTAUTH_URL: 'x' })).toEqual([
      { variable: 'AUTH_URL', message: expect.stringContaining('Auth.js takes its URL from APP_URL') },
      { variable: 'NEXTAUTH_URL', message: expect.stringContaining('Auth.js takes its URL from APP_URL') },
    ]);
    applyAuthUrl(readWebEnv({ MCPTEST_TRUST_PROXY_HEADERS: '1' }));
    expect(process.env.AUTH_URL).toBeUndefined();
  });
});
