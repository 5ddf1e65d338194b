// Vitest global set-up: one migrated template database per `vitest run`, cloned by every test file that needs a
// database (test/db.ts). Cloning a template takes ~100 ms, migrating from scratch much longer.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { applyMigrations, readMigrations } from '@mcptest/db';
import { testEnv } from './env';
import { startRedisCluster, type LocalRedisCluster } from './redis-cluster';
import { ensureTestBuild } from './web-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of the migrated template database of this run. */
    pgTemplate: string;
    /** Unique id of this `vitest run`, used in database names and Redis prefixes. */
    testRunId: string;
    /** The global set-up made (or found) the web app's production build: files serve it as it is. */
    webBuildReady: boolean;
    /** REDIS_URL of the tests: testEnv's, or the local cluster's when MCPTEST_TEST_REDIS=cluster. */
    redisUrl: string;
  }
}

export function urlFor(database: string): string {
  const url = new URL(testEnv.DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A connection to the maintenance database, for CREATE/DROP DATABASE. */
export async function maintenanceClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: urlFor('postgres') });
  await client.connect();
  return client;
}

/** Runs older than this were interrupted before their teardown (a killed vitest); their databases are dropped. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

async function dropStaleDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'mcptest\\_tpl\\_%' OR datname LIKE 'mcptest\\_t\\_%'`,
  );
  for (const { datname } of rows) {
    // Names carry the run id, whose first 8 characters are Date.now() in base 36.
    const startedAt = parseInt(datname.replace(/^mcptest_(tpl|t)_/, '').slice(0, 8), 36);
    if (Number.isFinite(startedAt) && Date.now() - startedAt > STALE_AFTER_MS) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    }
  }
}

/**
 * Whether this run includes files that start the web app (test/http, test/browser): the whole suite, or filters naming
 * them. Those share one production build, made here before any file starts (up to a minute, skipped when it matches
 * the sources); a run of unit tests does not wait for it (a file that needs it anyway builds it in startWebServer).
 */
function runStartsWebApp(): boolean {
  const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-') && arg !== 'run');
  return filters.length === 0 || filters.some((filter) => /browser|http/.test(filter));
}

export default async function globalSetup(project: TestProject) {
  const webBuildReady = runStartsWebApp() && process.env.MCPTEST_TEST_NEXT_DEV !== '1';
  if (webBuildReady) {
    const started = Date.now();
    if (await ensureTestBuild((message) => console.log(`[global-setup] ${message}`))) {
      console.log(
        `[global-setup] production build for the web tests took ${Math.round((Date.now() - started) / 1000)} s`,
      );
    }
  }
  let cluster: LocalRedisCluster | undefined;
  if (testEnv.MCPTEST_TEST_REDIS === 'cluster') {
    const started = Date.now();
    cluster = await startRedisCluster(3);
    console.log(`[global-setup] Redis Cluster ${cluster.url} up in ${Date.now() - started} ms`);
  }
  project.provide('redisUrl', cluster?.url ?? testEnv.REDIS_URL);
  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const template = `mcptest_tpl_${runId}`;
  const admin = await maintenanceClient();
  try {
    await dropStaleDatabases(admin);
    await admin.query(`CREATE DATABASE "${template}"`);
  } finally {
    await admin.end();
  }
  await applyMigrations({ url: urlFor(template), migrations: readMigrations(path.resolve('prisma/migrations')) });
  // Templates must have no connections when cloned; applyMigrations has closed its own.
  project.provide('pgTemplate', template);
  project.provide('testRunId', runId);
  project.provide('webBuildReady', webBuildReady);

  return async () => {
    await cluster?.stop();
    const client = await maintenanceClient();
    try {
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`mcptest_t_${runId}_%`, template],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
