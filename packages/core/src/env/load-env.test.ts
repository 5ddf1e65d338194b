import { describe, expect, it } from 'vitest';
import { decideEnvMode } from './decide-env-mode';
import { EnvError, loadEnv } from './load-env';
import { DEV_ENCRYPTION_KEYS, serviceEnvSchema } from './service-env';

const DEV = decideEnvMode({});
const PRODUCTION = decideEnvMode({ NODE_ENV: 'production', APP_URL: 'https://mcptest.example' });
const key = (id: string) => `${id}:${btoa(String.fromCharCode(...new Array<number>(32).fill(7)))}`;

describe('serviceEnvSchema', () => {
  it('needs nothing in development', () => {
    const env = loadEnv(serviceEnvSchema(DEV), {});
    expect(env.DATABASE_URL).toBe('postgresql://mcptest@127.0.0.1:5432/mcptest');
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(env.MCPTEST_ENCRYPTION_KEYS.map((k) => k.id)).toEqual(['dev']);
    expect(env.MCPTEST_ALLOW_PRIVATE_NETWORKS).toEqual(['127.0.0.0/8', '::1/128']);
    expect(DEV_ENCRYPTION_KEYS.startsWith('dev:')).toBe(true);
  });

  it('requires the secrets and URLs in production and lists every problem at once', () => {
    const error = (() => {
      try {
        loadEnv(serviceEnvSchema(PRODUCTION), { NODE_ENV: 'production' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems.map((p) => p.variable).sort()).toEqual(
      ['DATABASE_URL', 'MCPTEST_ENCRYPTION_KEYS', 'REDIS_URL'].sort(),
    );
    expect((error as EnvError).message).toContain('DATABASE_URL: is required');
  });

  it('defaults to no private networks in production', () => {
    const env = loadEnv(serviceEnvSchema(PRODUCTION), {
      DATABASE_URL: 'postgresql://u@db/x',
      REDIS_URL: 'redis://r:6379',
      MCPTEST_ENCRYPTION_KEYS: key('k1'),
    });
    expect(env.MCPTEST_ALLOW_PRIVATE_NETWORKS).toEqual([]);
  });

  it.each([
    ['DATABASE_URL', 'mysql://x', 'must be a postgres:// or postgresql:// URL'],
    ['REDIS_URL', 'http://x', 'must be a redis:// or rediss:// URL'],
    ['MCPTEST_ENCRYPTION_KEYS', 'k1:c2hvcnQ=', 'key "k1" must be 32 bytes'],
    ['MCPTEST_ENCRYPTION_KEYS', 'nokeyid', 'must look like keyId:base64key'],
    ['MCPTEST_ENCRYPTION_KEYS', `${key('a')},${key('a')}`, 'key id "a" appears twice'],
    ['MCPTEST_ALLOW_PRIVATE_NETWORKS', '10.0.0.0', 'is not a CIDR'],
    ['REDIS_PREFIX', 'has space', 'must be 1-64 characters'],
    ['LOG_LEVEL', 'loud', 'Invalid option'],
  ])('names %s when it is %s', (variable, value, message) => {
    expect(() => loadEnv(serviceEnvSchema(DEV), { [variable]: value })).toThrow(
      expect.objectContaining({
        problems: [expect.objectContaining({ variable, message: expect.stringContaining(message) })],
      }),
    );
  });

  it('treats empty strings as unset and "none" as no private networks', () => {
    const env = loadEnv(serviceEnvSchema(DEV), { DATABASE_URL: '', MCPTEST_ALLOW_PRIVATE_NETWORKS: 'none' });
    expect(env.DATABASE_URL).toContain('127.0.0.1');
    expect(env.MCPTEST_ALLOW_PRIVATE_NETWORKS).toEqual([]);
  });

  it('keeps key order: the first key seals', () => {
    const env = loadEnv(serviceEnvSchema(DEV), { MCPTEST_ENCRYPTION_KEYS: `${key('new')}, ${key('old')}` });
    expect(env.MCPTEST_ENCRYPTION_KEYS.map((k) => k.id)).toEqual(['new', 'old']);
  });
});
