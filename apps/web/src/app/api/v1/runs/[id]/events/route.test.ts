// GET /runs/{id}/events as Next calls it, real Postgres and Redis: open streams are capped per user and per tenant,
// and they share one Redis connection however many are open.
import { createQueuedRun, generateApiToken } from '@mcptest/db';
import { isCluster, publishRunEvent, type Redis } from '@mcptest/redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../../test/redis';
import { ownRedisClients } from '../../../../../../../../../test/redis-clients';
import { useRouteEnv } from '../../../../../../../../../test/route-env';
import { seedSuite } from '../../../../../../../../../test/worker';
import type * as EventsRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

const PER_USER = 10;
const PER_TENANT = 15;

let route: typeof EventsRoute;
let tenantId: string;
let runId: string;
const aborts: AbortController[] = [];

beforeAll(async () => {
  vi.stubEnv('EVENT_STREAMS_PER_USER', String(PER_USER));
  vi.stubEnv('EVENT_STREAMS_PER_TENANT', String(PER_TENANT));
  route = await import('./route');
  const seeded = await seedSuite(testDb.db, {
    serverUrl: 'http://127.0.0.1:9/mcp',
    yaml: 'name: s\nassertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n',
  });
  tenantId = seeded.tenantId;
  const { run } = await createQueuedRun(testDb.db.tenant(tenantId), { suiteId: seeded.suiteId, trigger: 'API' });
  runId = run.id;
});
afterAll(() => {
  for (const a of aborts) a.abort();
});

async function token(): Promise<string> {
  const generated = generateApiToken();
  await testDb.db.tenant(tenantId).apiToken.create({
    data: {
      tenantId,
      name: 'events',
      tokenHash: generated.tokenHash,
      prefix: generated.prefix,
      scopes: ['READ'],
    },
  });
  return generated.token;
}

/** Opens a stream and leaves it open (aborted after the file). */
async function open(bearer: string): Promise<Response> {
  const abort = new AbortController();
  aborts.push(abort);
  const request = new Request(`http://localhost/api/v1/runs/${runId}/events`, {
    headers: { authorization: `Bearer ${bearer}` },
    signal: abort.signal,
  });
  const response = await route.GET(request, { params: Promise.resolve({ id: runId }) });
  if (response.status !== 200) abort.abort();
  return response;
}

/** Reads a stream until `text` has arrived. */
async function readUntil(response: Response, text: string): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return seen;
}

describe('GET /api/v1/runs/{id}/events', () => {
  it('caps 200 open streams of one user, and the streams share one Redis connection', async () => {
    const redis: Redis = testRedis.redis;
    const before = await ownRedisClients(redis);
    const user = await token();

    const responses = [];
    for (let i = 0; i < 200; i += 1) responses.push(await open(user));
    const open200 = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 429);
    expect(open200).toHaveLength(PER_USER);
    expect(refused).toHaveLength(200 - PER_USER);
    expect(refused[0]!.headers.get('retry-after')).toBe('5');
    expect(await refused[0]!.json()).toMatchObject({
      error: {
        code: 'rate_limited',
        message: `too many open event streams: at most ${PER_USER} per user or token at once; close one and retry`,
      },
    });

    // Every open stream is live: one published event reaches all of them.
    await publishRunEvent(redis, testRedis.prefix, runId, { type: 'run.started', attempt: 1, workerId: 'w1' });
    for (const response of open200) expect(await readUntil(response, 'event: run.started')).toContain('"w1"');

    // Redis sees the web app's producer connection and the one events connection, not a connection per stream.
    const after = await ownRedisClients(redis);
    const added = after.filter((c) => !before.some((b) => b.addr === c.addr));
    if (isCluster(redis)) {
      // On a cluster a client connects to the primaries it has sent commands to (this test's own client too), and the
      // hub reads each event shard with one client: the streams (one run, one shard) still add at most one per node.
      const names = added.map((c) => c.name);
      expect(new Set(names)).toEqual(
        new Set(['mcptest-web-events', 'mcptest-web-producer', ...names.filter((n) => n === 'mcptest-test')]),
      );
      expect(names.filter((n) => n === 'mcptest-web-events').length).toBeLessThanOrEqual(redis.nodes('master').length);
    } else {
      expect(added.map((c) => c.name).sort()).toEqual(['mcptest-web-events', 'mcptest-web-producer']);
    }

    // Closing a stream frees its slot.
    aborts.find((a) => !a.signal.aborted)!.abort();
    await vi.waitFor(async () => expect((await open(user)).status).toBe(200));
  });

  it('caps the streams of one tenant, all users and tokens together', async () => {
    // The first test left PER_USER open; the tenant has PER_TENANT - PER_USER left for other tokens.
    const other = await token();
    const statuses = [];
    for (let i = 0; i < PER_TENANT; i += 1) statuses.push((await open(other)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_TENANT - PER_USER);
    const refused = await open(other);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: { code: 'rate_limited', message: expect.stringContaining(`at most ${PER_TENANT} per team`) },
    });
  });
});
