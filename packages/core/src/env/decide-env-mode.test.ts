// The decision of where the development defaults (public dev key and auth secret, the development sign-in, loopback
// reachable) may be used, and what the shared env schemas do with it.
import { describe, expect, it } from 'vitest';
import { decideEnvMode } from './decide-env-mode';
import { EnvError, loadEnv } from './load-env';
import {
  authSecretSchema,
  DEV_AUTH_SECRET,
  DEV_ENCRYPTION_KEYS,
  devOnlyFlagSchema,
  serviceEnvSchema,
} from './service-env';

const REAL_KEY = `k1:${btoa(String.fromCharCode(...new Array<number>(32).fill(7)))}`;
const REAL_SECRET = 'a-real-secret-of-more-than-32-characters';

describe('decideEnvMode', () => {
  it.each([
    ['nothing set (http://localhost:3000)', {}, true],
    ['PORT only', { PORT: '3005' }, true],
    ['a loopback APP_URL', { APP_URL: 'http://127.0.0.1:4000' }, true],
    ['test mode', { NODE_ENV: 'test' }, true],
    ['a public APP_URL', { APP_URL: 'https://mcptest.example' }, false],
    ['a LAN APP_URL', { APP_URL: 'http://192.168.1.20:3000' }, false],
    ['a public APP_URL with the opt-in', { APP_URL: 'https://mcptest.example', MCPTEST_ALLOW_DEV_DEFAULTS: '1' }, true],
    [
      'a public APP_URL with the opt-in off',
      { APP_URL: 'https://demo.example', MCPTEST_ALLOW_DEV_DEFAULTS: '0' },
      false,
    ],
    // A production build served on this machine only (npm start): loopback decides, not NODE_ENV.
    ['a production build, APP_URL unset (npm start)', { NODE_ENV: 'production' }, true],
    ['a production build on localhost', { NODE_ENV: 'production', APP_URL: 'http://localhost:3000' }, true],
    ['a production build on 127.0.0.1', { NODE_ENV: 'production', APP_URL: 'http://127.0.0.1:3000' }, true],
    ['a production build on [::1]', { NODE_ENV: 'production', APP_URL: 'http://[::1]:3000' }, true],
    ['a production build on loopback, turned off', { NODE_ENV: 'production', MCPTEST_ALLOW_DEV_DEFAULTS: '0' }, false],
    [
      'loopback in development, turned off',
      { APP_URL: 'http://localhost:3000', MCPTEST_ALLOW_DEV_DEFAULTS: '0' },
      false,
    ],
    // An operator's real deployment: never, not even with the opt-in.
    ['production on a public APP_URL', { NODE_ENV: 'production', APP_URL: 'https://mcptest.example' }, false],
    ['production on a LAN APP_URL', { NODE_ENV: 'production', APP_URL: 'http://10.0.0.5:3000' }, false],
    [
      'production on a public APP_URL with the opt-in',
      { NODE_ENV: 'production', APP_URL: 'https://mcptest.example', MCPTEST_ALLOW_DEV_DEFAULTS: '1' },
      false,
    ],
    [
      'production on a look-alike host',
      { NODE_ENV: 'production', APP_URL: 'http://localhost.mcptest.example:3000' },
      false,
    ],
  ])('%s: development defaults %s', (_, source: Record<string, string>, devDefaults) => {
    const mode = decideEnvMode(source);
    expect(mode.devDefaults).toBe(devDefaults);
    expect(mode.reason === undefined).toBe(devDefaults);
  });

  it('says why', () => {
    expect(decideEnvMode({ NODE_ENV: 'production', APP_URL: 'https://mcptest.example' }).reason).toBe(
      'NODE_ENV is production and APP_URL https://mcptest.example is not loopback',
    );
    expect(decideEnvMode({ NODE_ENV: 'production', MCPTEST_ALLOW_DEV_DEFAULTS: '0' }).reason).toBe(
      'MCPTEST_ALLOW_DEV_DEFAULTS is 0',
    );
    expect(decideEnvMode({ APP_URL: 'https://mcptest.example' }).reason).toBe(
      'APP_URL https://mcptest.example is not a loopback URL (MCPTEST_ALLOW_DEV_DEFAULTS=1 keeps the development defaults there)',
    );
  });
});

/** The env schemas of a service (shared part, AUTH_SECRET, the development sign-in) under the mode of `source`. */
function load(source: Record<string, string>) {
  const mode = decideEnvMode(source);
  return loadEnv(
    serviceEnvSchema(mode).extend({
      AUTH_SECRET: authSecretSchema(mode),
      MCPTEST_DEV_SIGNIN: devOnlyFlagSchema(mode, 'the development sign-in'),
    }),
    source,
  );
}

function problems(source: Record<string, string>): Record<string, string> {
  try {
    load(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return Object.fromEntries((error as EnvError).problems.map((p) => [p.variable, p.message]));
  }
  return {};
}

const PUBLIC = 'https://mcptest.example';

describe('the development defaults by mode', () => {
  it('uses them on a loopback APP_URL', () => {
    const env = load({ APP_URL: 'http://localhost:3005', MCPTEST_DEV_SIGNIN: '1' });
    expect(env.MCPTEST_ENCRYPTION_KEYS.map((k) => k.id)).toEqual(['dev']);
    expect(env.AUTH_SECRET).toBe(DEV_AUTH_SECRET);
    expect(env.MCPTEST_DEV_SIGNIN).toBe(true);
    expect(env.MCPTEST_ALLOW_PRIVATE_NETWORKS).toEqual(['127.0.0.0/8', '::1/128']);
  });

  it('refuses every one of them at once on a non-loopback APP_URL, saying why', () => {
    const why = `APP_URL ${PUBLIC} is not a loopback URL (MCPTEST_ALLOW_DEV_DEFAULTS=1 keeps the development defaults there)`;
    expect(problems({ APP_URL: PUBLIC, MCPTEST_DEV_SIGNIN: '1' })).toEqual({
      MCPTEST_ENCRYPTION_KEYS: `is required: ${why}`,
      AUTH_SECRET: `is required: ${why}`,
      MCPTEST_DEV_SIGNIN: `the development sign-in cannot be enabled: ${why}`,
    });
    // Set by hand to the public development values: refused too.
    expect(
      problems({
        APP_URL: PUBLIC,
        MCPTEST_ENCRYPTION_KEYS: `${REAL_KEY},${DEV_ENCRYPTION_KEYS}`,
        AUTH_SECRET: DEV_AUTH_SECRET,
      }),
    ).toEqual({
      MCPTEST_ENCRYPTION_KEYS: `key "dev" is the development key, which is public: ${why}`,
      AUTH_SECRET: `is the development secret, which is public: ${why}`,
    });
    // The dev key under another id is still the dev key.
    const renamed = DEV_ENCRYPTION_KEYS.replace(/^dev:/, 'mine:');
    expect(problems({ APP_URL: PUBLIC, MCPTEST_ENCRYPTION_KEYS: renamed, AUTH_SECRET: REAL_SECRET })).toEqual({
      MCPTEST_ENCRYPTION_KEYS: `key "mine" is the development key, which is public: ${why}`,
    });
  });

  it('reaches no private network there unless MCPTEST_ALLOW_PRIVATE_NETWORKS says so', () => {
    const base = { APP_URL: PUBLIC, MCPTEST_ENCRYPTION_KEYS: REAL_KEY, AUTH_SECRET: REAL_SECRET };
    expect(load(base).MCPTEST_ALLOW_PRIVATE_NETWORKS).toEqual([]);
    expect(load({ ...base, MCPTEST_ALLOW_PRIVATE_NETWORKS: '10.0.0.0/8' }).MCPTEST_ALLOW_PRIVATE_NETWORKS).toEqual([
      '10.0.0.0/8',
    ]);
    expect(load(base).MCPTEST_DEV_SIGNIN).toBe(false);
  });

  it('keeps them on a non-loopback APP_URL with MCPTEST_ALLOW_DEV_DEFAULTS=1 (not in production)', () => {
    const env = load({ APP_URL: PUBLIC, MCPTEST_ALLOW_DEV_DEFAULTS: '1', MCPTEST_DEV_SIGNIN: '1' });
    expect(env.MCPTEST_DEV_SIGNIN).toBe(true);
    expect(env.MCPTEST_ALLOW_PRIVATE_NETWORKS).toEqual(['127.0.0.0/8', '::1/128']);
    expect(
      problems({
        NODE_ENV: 'production',
        APP_URL: PUBLIC,
        DATABASE_URL: 'postgresql://u@db/x',
        REDIS_URL: 'redis://r:6379',
        MCPTEST_ENCRYPTION_KEYS: DEV_ENCRYPTION_KEYS,
        AUTH_SECRET: REAL_SECRET,
        MCPTEST_ALLOW_DEV_DEFAULTS: '1',
      }),
    ).toEqual({
      MCPTEST_ENCRYPTION_KEYS: `key "dev" is the development key, which is public: NODE_ENV is production and APP_URL ${PUBLIC} is not loopback`,
      MCPTEST_ALLOW_DEV_DEFAULTS:
        'the development defaults cannot be allowed on a non-loopback APP_URL when NODE_ENV is production',
    });
  });

  it('uses them under a production build served on loopback (npm start), with no variable set', () => {
    const env = load({ NODE_ENV: 'production', MCPTEST_DEV_SIGNIN: '1' });
    expect(env.AUTH_SECRET).toBe(DEV_AUTH_SECRET);
    expect(env.MCPTEST_ENCRYPTION_KEYS.map((k) => k.id)).toEqual(['dev']);
    expect(env.DATABASE_URL).toBe('postgresql://mcptest@127.0.0.1:5432/mcptest');
    expect(env.MCPTEST_DEV_SIGNIN).toBe(true);
    expect(env.MCPTEST_ALLOW_PRIVATE_NETWORKS).toEqual(['127.0.0.0/8', '::1/128']);
    // The container images set MCPTEST_ALLOW_DEV_DEFAULTS=0: a forgotten APP_URL there is an error, not public secrets.
    expect(Object.keys(problems({ NODE_ENV: 'production', MCPTEST_ALLOW_DEV_DEFAULTS: '0' })).sort()).toEqual([
      'AUTH_SECRET',
      'DATABASE_URL',
      'MCPTEST_ENCRYPTION_KEYS',
      'REDIS_URL',
    ]);
  });
});
