// Helpers for tests of the worker: its env, seeded tenants/suites, and polling for a run's state.
import { pino, type Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { loadMockDefinition, startMockServer, type MockServerHandle } from '@mcptest/mcp';
import { DEV_ENCRYPTION_KEYS, type PlanName, resolvePlanTable, suiteNextFireAt } from '@mcptest/core';
import {
  createDatabase,
  createQueuedRun,
  createSecretBox,
  createTenant,
  secretContext,
  type Database,
} from '@mcptest/db';
import { createFairAdmission, createQueues, enqueueRun, type Redis } from '@mcptest/redis';
import { readWorkerEnv, type WorkerEnv } from '../workers/runner/src/env';

/** A worker env for tests: this file's database and Redis prefix, short intervals, no health port unless asked. */
export function testWorkerEnv(
  database: { url: string },
  redis: { url: string; prefix: string },
  overrides: Record<string, string> = {},
): WorkerEnv {
  return readWorkerEnv({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    LOG_LEVEL: 'warn',
    WORKER_HEALTH_PORT: '-1',
    WORKER_HEARTBEAT_SECONDS: '1',
    WORKER_CONCURRENCY: '4',
    WORKER_SHUTDOWN_GRACE_SECONDS: '5',
    RECONCILE_INTERVAL_SECONDS: '1',
    POLITENESS_REQUESTS_PER_SECOND_PER_HOST: '1000',
    POLITENESS_MAX_IN_FLIGHT_PER_HOST: '64',
    ...overrides,
  });
}

/** A logger that keeps its JSON lines for assertions (and prints nothing). */
export function captureLogger(level: pino.LevelWithSilent = 'info'): {
  logger: Logger;
  lines: Record<string, unknown>[];
} {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

export interface SeededSuite {
  tenantId: string;
  projectId: string;
  serverId: string;
  suiteId: string;
}

export interface SeedSuiteInput {
  tenantName?: string | undefined;
  plan?: PlanName | undefined;
  serverUrl: string;
  transport?: 'AUTO' | 'HTTP' | 'SSE' | undefined;
  /** Sealed with the development key, as the API would. */
  headers?: Record<string, string> | undefined;
  yaml: string;
  schedule?: string | undefined;
  timezone?: string | undefined;
  execPolicy?: { [key: string]: string | number | boolean | string[] | object } | undefined;
  /** Reuse a tenant instead of creating one. */
  tenantId?: string | undefined;
}

let counter = 0;

/** Creates (or reuses) a tenant, a project, a server and a suite at version 1, as the API will. */
export async function seedSuite(db: Database, input: SeedSuiteInput): Promise<SeededSuite> {
  counter += 1;
  const tenantId =
    input.tenantId ??
    (
      await createTenant(db, {
        name: input.tenantName ?? `Tenant ${counter}`,
        ownerEmail: `owner${counter}-${Date.now()}@example.test`,
      })
    ).tenant.id;
  if (input.plan || input.execPolicy) {
    await db.global.tenant.update({
      where: { id: tenantId },
      data: {
        ...(input.plan ? { plan: input.plan } : {}),
        ...(input.execPolicy ? { execPolicy: input.execPolicy } : {}),
      },
    });
  }
  const tdb = db.tenant(tenantId);
  const project = await tdb.project.create({
    data: { tenantId, name: `project ${counter}`, slug: `project-${counter}` },
  });
  let sealed: { headersEncrypted: Uint8Array<ArrayBuffer>; headersKeyId: string } | undefined;
  if (input.headers) {
    const box = createSecretBox(
      readWorkerEnv({ MCPTEST_ENCRYPTION_KEYS: DEV_ENCRYPTION_KEYS }).MCPTEST_ENCRYPTION_KEYS,
    );
    const s = box.seal(JSON.stringify(input.headers), secretContext.serverHeaders(tenantId));
    sealed = { headersEncrypted: s.data, headersKeyId: s.keyId };
  }
  const server = await tdb.server.create({
    data: {
      tenantId,
      projectId: project.id,
      name: `server ${counter}`,
      url: input.serverUrl,
      transport: input.transport ?? 'HTTP',
      ...(sealed ?? {}),
    },
  });
  const suite = await tdb.suite.create({
    data: {
      tenantId,
      projectId: project.id,
      serverId: server.id,
      name: `suite ${counter}`,
      yaml: input.yaml,
      badgeKey: `badge-${counter}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      schedule: input.schedule ?? null,
      timezone: input.timezone ?? 'UTC',
    },
  });
  await tdb.suiteVersion.create({ data: { tenantId, suiteId: suite.id, version: 1, yaml: input.yaml } });
  // Armed as a save arms it (the schedule ticker scans nextFireAt); the id decides the suite's second of the minute.
  const nextFireAt = suiteNextFireAt(suite, Date.now());
  if (nextFireAt) await tdb.suite.updateMany({ where: { id: suite.id }, data: { nextFireAt } });
  return { tenantId, projectId: project.id, serverId: server.id, suiteId: suite.id };
}

/** Creates a QUEUED run and queues it the way the API does (fair admission, then BullMQ). */
export async function queueRun(
  db: Database,
  redis: { redis: Redis; prefix: string },
  seeded: Pick<SeededSuite, 'tenantId' | 'suiteId'>,
  options: { trigger?: 'MANUAL' | 'API' | 'CI'; branch?: string; cap?: number } = {},
): Promise<string> {
  const { run } = await createQueuedRun(db.tenant(seeded.tenantId), {
    suiteId: seeded.suiteId,
    trigger: options.trigger ?? 'API',
    branch: options.branch,
  });
  const queues = createQueues({ connection: redis.redis, prefix: redis.prefix });
  try {
    const fair = createFairAdmission({ redis: redis.redis, prefix: redis.prefix });
    await enqueueRun(
      { fair, queues },
      { tenantId: seeded.tenantId, runId: run.id, cap: options.cap ?? resolvePlanTable().FREE.concurrentRuns },
    );
    return run.id;
  } finally {
    await queues.close();
  }
}

/** Polls until `probe` returns a value other than undefined, or fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The run's row (unscoped: tests look across tenants). */
export function runRow(db: Database, runId: string) {
  // eslint-disable-next-line no-restricted-properties -- test helper reading any tenant's run.
  return db.unscoped.run.findUnique({ where: { id: runId } });
}

export { createDatabase };

/** Starts a worker in this process against the file's database and Redis prefix. */
export async function startTestWorker(
  database: { url: string },
  redis: { url: string; prefix: string },
  overrides: Record<string, string> = {},
) {
  const { startWorker } = await import('../workers/runner/src/start-worker');
  const { logger, lines } = captureLogger('info');
  const worker = await startWorker({ env: testWorkerEnv(database, redis, overrides), logger });
  return Object.assign(worker, { lines });
}

/** The mock server of the worker tests: fast tools, a slow one, and one that fails. */
export const WORKER_MOCK = `
mock_server:
  name: worker-tests
  tools:
    - name: search
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { q: { type: string } } }
      response: { content: [ { type: text, text: "found {{args.q}}" } ] }
    - name: slow
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { n: { type: number } } }
      delay_ms: 600
      response: { content: [ { type: text, text: "slow {{args.n}}" } ] }
    - name: very_slow
      annotations: { readOnlyHint: true }
      delay_ms: 60000
      response: { content: [ { type: text, text: "finally" } ] }
`;

export interface WorkerProcess {
  readonly pid: number;
  output(): string;
  /** Resolves with the exit code or signal. */
  readonly exited: Promise<string>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM (graceful), then SIGKILL if it has not exited within 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Runs the worker's real entry point (workers/runner/src/main.ts) as a child process and waits for "worker ready". */
export async function spawnWorkerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<WorkerProcess> {
  const { spawn } = await import('node:child_process');
  // node --import tsx is one process, so its pid is the worker's (tsx's CLI would put a second process in between).
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/runner/src/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', WORKER_HEALTH_PORT: '-1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(String(signal ?? code))),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`worker did not start within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"worker ready"')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${how}) before it was ready:\n${output}`));
    });
  });
  return {
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    kill: (signal) => child.kill(signal),
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A redis-server of the test's own (tests that FLUSHALL must not wipe the shared one other files use). */
export { startPrivateRedis } from './private-redis';

/** Runs the WORKER_MOCK server for the calling test file (started before its tests, closed after); read `url` in tests. */
export function useWorkerMock(): { readonly url: string } {
  let handle: MockServerHandle | undefined;
  beforeAll(async () => {
    const loaded = loadMockDefinition(WORKER_MOCK, 'mock.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    handle = await startMockServer({ definition: loaded.definition });
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    get url() {
      if (!handle) throw new Error('the worker mock server is not started yet (use it inside tests)');
      return handle.url;
    },
  };
}

/** Polls the run's row until it reaches a final status, and returns that row. */
export function waitForRunEnd(db: Database, runId: string, timeoutMs = 30_000) {
  return waitFor(
    `run ${runId} to finish`,
    async () => {
      const run = await runRow(db, runId);
      return run && !['QUEUED', 'RUNNING'].includes(run.status) ? run : undefined;
    },
    timeoutMs,
  );
}

/**
 * The run's events once `run.finished` is among them. The worker writes the final row before it publishes the event,
 * so a test that saw the row finish must wait for the event too.
 */
export async function finishedRunEvents(redis: { redis: Redis; prefix: string }, runId: string) {
  const { readRunEvents } = await import('@mcptest/redis');
  return waitFor(`run ${runId}'s run.finished event`, async () => {
    const events = await readRunEvents(redis.redis, redis.prefix, runId);
    return events.some((e) => e.event.type === 'run.finished') ? events : undefined;
  });
}
