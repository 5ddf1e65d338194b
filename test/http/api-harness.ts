// A running mcptest for HTTP tests: web (the production build, test/web-server.ts) and worker against this file's database and Redis prefix.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from '../db';
import type { TestRedis } from '../redis';
import { startWebServer, type RunningWeb } from '../web-server';
import { startTestWorker } from '../worker';

const run = promisify(execFile);

export interface ApiHarness {
  readonly web: RunningWeb;
  /** `fetch` against /api/v1 with a token; JSON bodies are sent as JSON. */
  api(
    token: string | undefined,
    method: string,
    pathname: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** `npm run admin -- tenant create`, exactly as an operator runs it. */
  createTenant(name: string): Promise<{ tenant: { id: string; slug: string }; token: string }>;
}

/** Env of the web app and the worker under test; small rate limits so the 429 test is quick. */
export const HTTP_TEST_ENV = {
  API_RATE_LIMIT_PER_TOKEN: '60',
  API_RATE_LIMIT_PER_TENANT: '1000',
  API_TRIGGERS_PER_TENANT_PER_MINUTE: '200',
};

export function useApiHarness(
  database: TestDatabase,
  redis: TestRedis,
  extraEnv: Record<string, string> = {},
): ApiHarness {
  let web: RunningWeb | undefined;
  let worker: Awaited<ReturnType<typeof startTestWorker>> | undefined;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    LOG_LEVEL: 'warn',
    ...HTTP_TEST_ENV,
    ...extraEnv,
  };
  // Long enough for a production build when the global set-up did not make one (a filter it did not recognise).
  beforeAll(async () => {
    [web, worker] = await Promise.all([startWebServer(env), startTestWorker(database, redis, extraEnv)]);
  }, 600_000);
  afterAll(async () => {
    await worker?.stop();
    await web?.stop();
  }, 60_000);
  return {
    get web() {
      if (!web) throw new Error('the web server is not started yet');
      return web;
    },
    async api(token, method, pathname, body, headers = {}) {
      if (!web) throw new Error('the web server is not started yet');
      return fetch(`${web.url}/api/v1${pathname}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
    },
    async createTenant(name) {
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          path.resolve('packages/db/src/bin/admin.ts'),
          'tenant',
          'create',
          '--name',
          name,
          '--owner',
          `${name.toLowerCase().replace(/\W+/g, '-')}@example.test`,
        ],
        { env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'test' } },
      );
      return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
        tenant: { id: string; slug: string };
        token: string;
      };
    },
  };
}
