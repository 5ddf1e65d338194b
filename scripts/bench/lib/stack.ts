// What the queue and worker benchmarks stand on: a throwaway database migrated from prisma/migrations, a Redis key
// prefix of their own, and helpers that seed tenants and queue runs the way the API does. Nothing here touches the
// development database or another prefix; `close` drops the database and deletes the keys.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { decideEnvMode, loadEnv, serviceEnvSchema, type PlanName } from '@mcptest/core';
import {
  applyMigrations,
  createDatabase,
  createQueuedRun,
  createTenant,
  readMigrations,
  type Database,
} from '@mcptest/db';
import { shared } from './shared';
import {
  createFairAdmission,
  createQueues,
  createRedis,
  enqueueRun,
  type FairAdmission,
  type Queues,
  type Redis,
} from '@mcptest/redis';

/** DATABASE_URL and REDIS_URL as every service reads them (development defaults match `npm start`). */
export const benchEnv = loadEnv(serviceEnvSchema(decideEnvMode(process.env)), process.env);

/** Bench databases older than this were left by a killed run; the next run drops them. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

function urlFor(database: string): string {
  const url = new URL(benchEnv.DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withMaintenance<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface BenchStack {
  /** Name of the throwaway database (its backends' CPU time is found by it: lib/proc-cpu.ts). */
  readonly databaseName: string;
  /** Connection URL of the throwaway database. */
  readonly databaseUrl: string;
  readonly db: Database;
  readonly redisUrl: string;
  /** Key prefix of this stack (REDIS_PREFIX of the worker it runs). */
  readonly prefix: string;
  readonly redis: Redis;
  readonly queues: Queues;
  readonly fair: FairAdmission;
  close(): Promise<void>;
}

/**
 * Creates `mcptest_bench_<time><random>` (migrated by the project's applier, as `npm run db:migrate` does) and a
 * Redis prefix `mcptest-bench:<random>`. Needs a DATABASE_URL role with CREATEDB, as `npm test` does. `redisUrl`
 * (default REDIS_URL) lets a benchmark that reads server-wide Redis figures use a redis-server of its own.
 */
export async function openStack(options: { redisUrl?: string } = {}): Promise<BenchStack> {
  const redisUrl = options.redisUrl ?? benchEnv.REDIS_URL;
  const name = `mcptest_bench_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  await withMaintenance(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'mcptest\\_bench\\_%'`,
    );
    for (const { datname } of rows) {
      const startedAt = parseInt(datname.replace(/^mcptest_bench_/, '').slice(0, 8), 36);
      if (Number.isFinite(startedAt) && Date.now() - startedAt > STALE_AFTER_MS) {
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
      }
    }
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const databaseUrl = urlFor(name);
  await applyMigrations({ url: databaseUrl, migrations: readMigrations(path.resolve('prisma/migrations')) });
  const db = createDatabase({ url: databaseUrl, maxConnections: 8 });
  const prefix = `mcptest-bench:${randomBytes(4).toString('hex')}`;
  const redis = createRedis({ url: redisUrl, name: 'mcptest-bench' });
  const queues = createQueues({ connection: redis, prefix });
  const fair = createFairAdmission({ redis, prefix });
  return {
    databaseName: name,
    databaseUrl,
    db,
    redisUrl,
    prefix,
    redis,
    queues,
    fair,
    async close() {
      await queues.close().catch(() => {});
      await db.disconnect().catch(() => {});
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
      await withMaintenance((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * The stack the shared worker and the badge benchmark use (one throwaway database per `npm run bench`: creating and
 * migrating one takes seconds on a loaded machine). Benchmarks on it seed tenants of their own.
 */
export function sharedStack(): Promise<BenchStack> {
  return shared('the shared database and Redis prefix', openStack);
}

export interface SeededSuite {
  tenantId: string;
  suiteId: string;
  /** The tenant's admin API token (createTenant's), for benchmarks that go through the web API. */
  token: string;
}

let seeded = 0;

/**
 * A tenant (plan and exec policy as given), a project, an HTTP server at `serverUrl` and a suite at version 1, written
 * as the API writes them.
 */
export async function seedSuite(
  db: Database,
  input: { name: string; plan: PlanName; execPolicy: Record<string, unknown>; serverUrl: string; yaml: string },
): Promise<SeededSuite> {
  seeded += 1;
  const { tenant, token } = await createTenant(db, {
    name: input.name,
    ownerEmail: `bench-${seeded}-${randomBytes(3).toString('hex')}@example.test`,
  });
  const tenantId = tenant.id;
  await db.global.tenant.update({
    where: { id: tenantId },
    data: { plan: input.plan, execPolicy: input.execPolicy as object },
  });
  const tdb = db.tenant(tenantId);
  const project = await tdb.project.create({ data: { tenantId, name: 'bench', slug: `bench-${seeded}` } });
  const server = await tdb.server.create({
    data: { tenantId, projectId: project.id, name: 'bench', url: input.serverUrl, transport: 'HTTP' },
  });
  const suite = await tdb.suite.create({
    data: {
      tenantId,
      projectId: project.id,
      serverId: server.id,
      name: input.name,
      yaml: input.yaml,
      badgeKey: `bench-${seeded}-${randomBytes(8).toString('hex')}`,
    },
  });
  await tdb.suiteVersion.create({ data: { tenantId, suiteId: suite.id, version: 1, yaml: input.yaml } });
  return { tenantId, suiteId: suite.id, token };
}

/** Creates a QUEUED run (`createQueuedRun`) without queueing it. */
export async function createRun(stack: BenchStack, suite: SeededSuite): Promise<string> {
  const { run } = await createQueuedRun(stack.db.tenant(suite.tenantId), { suiteId: suite.suiteId, trigger: 'API' });
  return run.id;
}

/** Queues a created run as the API does: the tenant's fair-admission list, then BullMQ for what may start now. */
export function enqueue(stack: BenchStack, suite: SeededSuite, runId: string, cap: number): Promise<void> {
  return enqueueRun({ fair: stack.fair, queues: stack.queues }, { tenantId: suite.tenantId, runId, cap });
}

/** A suite of `calls` assertions, each one tools/call of `tool` with its text checked. */
export function callSuite(calls: number, tool = 'search'): string {
  const assertions = Array.from(
    { length: calls },
    (_, i) =>
      `  - name: call ${i + 1}\n` +
      `    assert: { tool: ${tool}, args: { q: "q${i + 1}" }, expect: { not_error: true, contains: ["q${i + 1}"] } }\n`,
  );
  return `name: bench ${calls} calls\nassertions:\n${assertions.join('')}`;
}
