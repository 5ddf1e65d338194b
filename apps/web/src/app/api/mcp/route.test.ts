// /api/mcp as Next calls it: JSON-RPC in Web Requests, env from process.env, real Postgres and Redis, an in-process
// worker running the suites against the worker mock MCP server.
import { RunResource, RunWebhookRun } from '@mcptest/core';
import { createSecretBox, createTenant, generateApiToken } from '@mcptest/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { startWebhookReceiver, verifyWith, type WebhookReceiver } from '../../../../../../test/webhook-receiver';
import {
  seedSuite,
  startTestWorker,
  testWorkerEnv,
  useWorkerMock,
  waitFor,
  type SeededSuite,
} from '../../../../../../test/worker';
import { createWebhook } from '@/server/services/webhooks/create-webhook';
import type * as ServiceDepsModule from '@/server/services/get-service-deps';
import type * as RestRunRoute from '@/app/api/v1/runs/[id]/route';
import type * as McpRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
const mock = useWorkerMock();

/** Requests per minute of one token here: low enough for a test to cross it, high enough for every other case. */
const PER_TOKEN = 40;
const TRIGGERS_PER_TENANT = 5;
const PROTOCOL = '2025-06-18';

const SUITE = `
name: mcp endpoint
assertions:
  - name: finds apples
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples] } }
`;

let route: typeof McpRoute;
let restRoute: typeof RestRunRoute;
let receiver: WebhookReceiver;
let serviceDeps: typeof ServiceDepsModule;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let tenantA: { token: string; seeded: SeededSuite };
let tenantB: { token: string; seeded: SeededSuite };

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}
interface RpcAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: { jsonrpc?: string; id?: number; result?: Record<string, unknown>; error?: Record<string, unknown> } & {
    error?: { code: string | number; message: string };
  };
}

let nextId = 1;

async function post(token: string | undefined, message: unknown): Promise<RpcAnswer> {
  const request = new Request('http://localhost/api/mcp', {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL,
    },
    body: JSON.stringify(message),
  });
  const response = await route.POST(request);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? (JSON.parse(text) as RpcAnswer['body']) : {},
  };
}

async function rpc(token: string, method: string, params: Record<string, unknown> = {}) {
  const answer = await post(token, { jsonrpc: '2.0', id: nextId++, method, params });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.error, answer.text).toBeUndefined();
  return answer.body.result as Record<string, unknown>;
}

async function callTool(token: string, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await rpc(token, 'tools/call', { name, arguments: args })) as unknown as ToolResult;
}

const textOf = (result: ToolResult) => result.content.map((c) => c.text).join('\n');

async function tokenWith(tenantId: string, scopes: ('READ' | 'RUN' | 'ADMIN')[]): Promise<string> {
  const generated = generateApiToken();
  await testDb.db.tenant(tenantId).apiToken.create({
    data: {
      tenantId,
      name: `mcp ${scopes.join('+')}`,
      tokenHash: generated.tokenHash,
      prefix: generated.prefix,
      scopes,
    },
  });
  return generated.token;
}

async function runCount(tenantId: string): Promise<number> {
  return testDb.db.tenant(tenantId).run.count();
}

beforeAll(async () => {
  vi.stubEnv('NODE_ENV', 'test');
  vi.stubEnv('LOG_LEVEL', 'silent');
  vi.stubEnv('DATABASE_URL', testDb.url);
  vi.stubEnv('REDIS_URL', testRedis.url);
  vi.stubEnv('REDIS_PREFIX', testRedis.prefix);
  vi.stubEnv('APP_URL', 'https://mcptest.example');
  // A public APP_URL with the development key and secret (decideEnvMode).
  vi.stubEnv('MCPTEST_ALLOW_DEV_DEFAULTS', '1');
  vi.stubEnv('API_RATE_LIMIT_PER_TOKEN', String(PER_TOKEN));
  vi.stubEnv('API_TRIGGERS_PER_TENANT_PER_MINUTE', String(TRIGGERS_PER_TENANT));
  vi.resetModules();
  route = await import('./route');
  restRoute = await import('@/app/api/v1/runs/[id]/route');
  receiver = await startWebhookReceiver();
  serviceDeps = await import('@/server/services/get-service-deps');
  worker = await startTestWorker(testDb, testRedis, {
    APP_URL: 'https://mcptest.example',
    MCPTEST_ALLOW_DEV_DEFAULTS: '1',
  });
  for (const which of ['A', 'B'] as const) {
    const created = await createTenant(testDb.db, { name: `MCP ${which}`, ownerEmail: `mcp-${which}@example.test` });
    const seeded = await seedSuite(testDb.db, { tenantId: created.tenant.id, serverUrl: mock.url, yaml: SUITE });
    if (which === 'A') tenantA = { token: created.token, seeded };
    else tenantB = { token: created.token, seeded };
  }
});

afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await serviceDeps?.closeServiceDeps();
  const { closeDb } = await import('@/server/db');
  const { closeRedis } = await import('@/server/redis');
  await closeDb();
  closeRedis();
  vi.unstubAllEnvs();
});

describe('POST /api/mcp', () => {
  it('initializes statelessly, lists the tools, lists suites, triggers a run that passes within wait, gets it', async () => {
    const { token, seeded } = tenantA;
    const init = await post(token, {
      jsonrpc: '2.0',
      id: nextId++,
      method: 'initialize',
      params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'route-test', version: '1' } },
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toMatch(/^application\/json/);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(init.body.result).toMatchObject({
      protocolVersion: PROTOCOL,
      serverInfo: { name: 'mcptest' },
      capabilities: { tools: {} },
      instructions: expect.stringContaining('list_suites'),
    });
    expect((await post(token, { jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);

    const { tools } = (await rpc(token, 'tools/list')) as { tools: { name: string; annotations: unknown }[] };
    expect(Object.fromEntries(tools.map((t) => [t.name, t.annotations]))).toEqual({
      list_suites: expect.objectContaining({ readOnlyHint: true, idempotentHint: true, openWorldHint: false }),
      trigger_run: expect.objectContaining({ readOnlyHint: false, destructiveHint: false, idempotentHint: false }),
      get_run: expect.objectContaining({ readOnlyHint: true, idempotentHint: true }),
    });

    const before = await callTool(token, 'list_suites', {});
    expect(before.isError).toBeFalsy();
    expect(before.structuredContent).toEqual({
      suites: [
        {
          id: seeded.suiteId,
          name: expect.any(String),
          projectId: seeded.projectId,
          serverId: seeded.serverId,
          version: 1,
          enabled: true,
          schedule: null,
          timezone: 'UTC',
          badge: {
            svgUrl: expect.stringMatching(/^https:\/\/mcptest\.example\/api\/badges\/s\/.+\.svg$/),
            jsonUrl: expect.stringMatching(/^https:\/\/mcptest\.example\/api\/badges\/s\/.+\.json$/),
            statusUrl: expect.stringMatching(/^https:\/\/mcptest\.example\/status\/.+$/),
          },
          latestRun: null,
        },
      ],
      truncated: false,
    });

    const triggered = await callTool(token, 'trigger_run', { suiteId: seeded.suiteId, wait: 30, branch: 'main' });
    expect(triggered.isError, textOf(triggered)).toBeFalsy();
    const output = triggered.structuredContent as { id: string; finished: boolean; run: Record<string, unknown> };
    expect(output).toMatchObject({
      status: 'passed',
      finished: true,
      created: true,
      url: `https://mcptest.example/runs/${output.id}`,
      run: {
        id: output.id,
        status: 'passed',
        trigger: 'api',
        branch: 'main',
        summary: { total: 1, passed: 1, failed: 0, skipped: 0 },
        results: [expect.objectContaining({ name: 'finds apples', status: 'PASS' })],
        regressions: [],
      },
    });
    expect(textOf(triggered)).toContain(`Run ${output.id} passed: 1 passed, 0 failed, 0 skipped of 1`);

    const got = await callTool(token, 'get_run', { runId: output.id });
    expect(got.isError).toBeFalsy();
    expect(got.structuredContent).toMatchObject({ id: output.id, status: 'passed', regressions: [] });
    expect(got.structuredContent?.results).toEqual(output.run.results);

    const after = await callTool(token, 'list_suites', { projectId: seeded.projectId, limit: 5 });
    expect(after.structuredContent).toMatchObject({
      suites: [{ id: seeded.suiteId, latestRun: { id: output.id, status: 'passed', finishedAt: expect.any(String) } }],
    });

    // The same idempotencyKey gives the same run.
    const first = await callTool(token, 'trigger_run', { suiteId: seeded.suiteId, idempotencyKey: 'mcp-key-1' });
    const again = await callTool(token, 'trigger_run', { suiteId: seeded.suiteId, idempotencyKey: 'mcp-key-1' });
    expect(first.structuredContent).toMatchObject({ created: true });
    expect(again.structuredContent).toMatchObject({ id: first.structuredContent?.id, created: false });
  });

  it('answers 401 with WWW-Authenticate and a JSON error without a valid token, and 405 to GET and DELETE', async () => {
    const message = { jsonrpc: '2.0', id: nextId++, method: 'tools/list', params: {} };
    for (const token of [undefined, 'mcpt_not-a-real-token', 'sk-live-other']) {
      const answer = await post(token, message);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(answer.body.error).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
    }
    expect(route.GET().status).toBe(405);
    expect(route.DELETE().status).toBe(405);
    expect(route.GET().headers.get('allow')).toBe('POST');
  });

  it('lets a read token list and read but not trigger (an isError result; no run is created)', async () => {
    const { seeded } = tenantA;
    const read = await tokenWith(seeded.tenantId, ['READ']);
    const listed = await callTool(read, 'list_suites', {});
    expect(listed.isError).toBeFalsy();
    expect((listed.structuredContent as { suites: { id: string }[] }).suites.map((s) => s.id)).toEqual([
      seeded.suiteId,
    ]);
    const runs = await runCount(seeded.tenantId);
    const refused = await callTool(read, 'trigger_run', { suiteId: seeded.suiteId });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('Error (forbidden): this needs a token with the run scope');
    expect(refused._meta).toMatchObject({ 'mcptest.dev/error': { code: 'forbidden' } });
    expect(await runCount(seeded.tenantId)).toBe(runs);
  });

  it("answers not found (isError) for another tenant's suite, run and project", async () => {
    const theirs = tenantB.seeded;
    const theirRun = await callTool(tenantB.token, 'trigger_run', { suiteId: theirs.suiteId });
    const theirRunId = (theirRun.structuredContent as { id: string }).id;
    const runs = await runCount(theirs.tenantId);

    const trigger = await callTool(tenantA.token, 'trigger_run', { suiteId: theirs.suiteId, wait: 1 });
    expect(trigger.isError).toBe(true);
    expect(textOf(trigger)).toContain('Error (not_found): suite not found');
    const get = await callTool(tenantA.token, 'get_run', { runId: theirRunId });
    expect(get.isError).toBe(true);
    expect(textOf(get)).toContain('Error (not_found): run not found');
    const list = await callTool(tenantA.token, 'list_suites', { projectId: theirs.projectId });
    expect(list.isError).toBe(true);
    expect(textOf(list)).toContain('Error (not_found): project not found');
    const all = await callTool(tenantA.token, 'list_suites', {});
    expect(JSON.stringify(all)).not.toContain(theirs.suiteId);
    expect(await runCount(theirs.tenantId)).toBe(runs);
  });

  it.each([
    ['trigger_run', { suiteId: 'c\u0000' }, 'suiteId'],
    ['trigger_run', { suiteId: 'SUITE', idempotencyKey: 'a\u0000b' }, 'idempotencyKey'],
    ['trigger_run', { suiteId: 'SUITE', branch: 'main\ud800' }, 'branch'],
    ['get_run', { runId: '\udfff' }, 'runId'],
    ['list_suites', { projectId: 'p\u0000' }, 'projectId'],
  ])(
    '%s refuses %j (text Postgres cannot store) as an isError validation_failed naming %s, not an internal error',
    async (tool, args, field) => {
      const { seeded } = tenantA;
      const runs = await runCount(seeded.tenantId);
      const named = JSON.parse(JSON.stringify(args).replace('SUITE', seeded.suiteId)) as Record<string, unknown>;
      const result = await callTool(tenantA.token, tool, named);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(`Error (validation_failed): invalid arguments: ${field}:`);
      expect(result._meta).toMatchObject({
        'mcptest.dev/error': { code: 'validation_failed', details: [{ path: field }] },
      });
      expect(await runCount(seeded.tenantId)).toBe(runs);
    },
  );

  it('rate limits: the trigger allowance as an isError result, the per-token limit as 429 with Retry-After', async () => {
    const created = await createTenant(testDb.db, { name: 'MCP C', ownerEmail: 'mcp-c@example.test' });
    const seeded = await seedSuite(testDb.db, { tenantId: created.tenant.id, serverUrl: mock.url, yaml: SUITE });
    // A disabled suite: each trigger takes from the allowance, then is refused, so no run is queued.
    await testDb.db
      .tenant(seeded.tenantId)
      .suite.updateMany({ where: { id: seeded.suiteId }, data: { enabled: false } });

    // A read token's trigger_run is refused by scope and leaves the tenant's trigger allowance alone.
    const read = await tokenWith(seeded.tenantId, ['READ']);
    for (let i = 0; i < TRIGGERS_PER_TENANT + 1; i++) {
      expect(textOf(await callTool(read, 'trigger_run', { suiteId: seeded.suiteId }))).toContain('forbidden');
    }
    for (let i = 0; i < TRIGGERS_PER_TENANT; i++) {
      const refused = await callTool(created.token, 'trigger_run', { suiteId: seeded.suiteId });
      expect(textOf(refused)).toContain('Error (conflict): the suite is disabled');
    }
    const limited = await callTool(created.token, 'trigger_run', { suiteId: seeded.suiteId });
    expect(limited.isError).toBe(true);
    expect(textOf(limited)).toMatch(
      /Error \(rate_limited\): rate limit of 5 triggers per minute per tenant reached.*Retry in \d+ s\./,
    );
    expect(limited._meta).toMatchObject({
      'mcptest.dev/error': { code: 'rate_limited', retryAfterSeconds: expect.any(Number) },
    });
    // Reading is still allowed.
    expect((await callTool(created.token, 'list_suites', {})).isError).toBeFalsy();
    expect(await runCount(seeded.tenantId)).toBe(0);

    const fresh = await tokenWith(seeded.tenantId, ['READ']);
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    for (let i = 0; i < PER_TOKEN; i++) expect((await post(fresh, message)).status).toBe(200);
    const over = await post(fresh, message);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body.error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('per token') });
  });

  it('charges a JSON-RPC batch one point per call: a batch larger than what is left is refused whole', async () => {
    const created = await createTenant(testDb.db, { name: 'MCP D', ownerEmail: 'mcp-d@example.test' });
    const token = await tokenWith(created.tenant.id, ['READ']);
    const batch = (size: number) =>
      Array.from({ length: size }, () => ({ jsonrpc: '2.0', id: nextId++, method: 'tools/list', params: {} }));
    // 10 of the token's 40 points, as ten requests would.
    const first = await post(token, batch(10));
    expect(first.status, first.text).toBe(200);
    expect(JSON.parse(first.text)).toHaveLength(10);
    // 31 calls when 30 are left: refused as a whole, nothing answered.
    const over = await post(token, batch(PER_TOKEN - 10 + 1));
    expect(over.status, over.text).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('per token') });
    // A batch of 100 from a fresh token is over the whole allowance.
    const fresh = await tokenWith(created.tenant.id, ['READ']);
    expect((await post(fresh, batch(100))).status).toBe(429);
  });

  it('gives the same run through REST, the webhook body and get_run: one resource, one mapper', async () => {
    const created = await createTenant(testDb.db, { name: 'MCP E', ownerEmail: 'mcp-e@example.test' });
    const seeded = await seedSuite(testDb.db, { tenantId: created.tenant.id, serverUrl: mock.url, yaml: SUITE });
    const webhookDeps = {
      ...serviceDeps.getServiceDeps(),
      // The worker decrypts the signing secret with its own key, so the webhook is sealed with that key.
      secretBox: createSecretBox(testWorkerEnv(testDb, testRedis).MCPTEST_ENCRYPTION_KEYS),
      allowPrivateNetworks: ['127.0.0.0/8'],
    };
    const hook = await createWebhook(webhookDeps, { tenantId: created.tenant.id }, seeded.projectId, {
      url: `${receiver.url}/contract`,
      events: ['run.completed'],
    });

    const triggered = await callTool(created.token, 'trigger_run', {
      suiteId: seeded.suiteId,
      commitSha: 'c0ffee',
      branch: 'main',
      wait: 30,
    });
    const runId = (triggered.structuredContent as { id: string; finished: boolean }).id;
    expect(triggered.structuredContent).toMatchObject({ finished: true, status: 'passed' });

    const viaMcp = (await callTool(created.token, 'get_run', { runId })).structuredContent;
    const restResponse = await restRoute.GET(
      new Request(`http://localhost/api/v1/runs/${runId}`, { headers: { authorization: `Bearer ${created.token}` } }),
      { params: Promise.resolve({ id: runId }) },
    );
    expect(restResponse.status).toBe(200);
    const viaRest = RunResource.parse(await restResponse.json());
    const [delivery] = await waitFor('the run.completed delivery', async () => {
      const got = receiver.on('/contract');
      return got.length > 0 ? got : undefined;
    });
    const verified = verifyWith(hook.secret, delivery!);
    if (!verified.ok) throw new Error(verified.error);
    const viaWebhook = (verified.body as { type: string; data: { run: unknown } }).data.run;

    expect(viaRest).toMatchObject({ id: runId, status: 'passed', trigger: 'api', branch: 'main', commitSha: 'c0ffee' });
    // /api/mcp's get_run is the REST resource itself.
    expect(viaMcp).toEqual(viaRest);
    // The webhook carries the same run minus what its contract never had (results, budget counters, protocol version,
    // queuedAt, the surface summary: server.surface_changed carries the diff; the coverage report, a run page's table).
    expect(viaRest.surface).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), pin: null });
    const {
      results: _results,
      callsUsed: _calls,
      requestsUsed: _requests,
      protocolVersion: _protocol,
      queuedAt: _queued,
      surface: _surface,
      coverage: _coverage,
      ...webhookFields
    } = viaRest;
    expect(RunWebhookRun.strict().parse(viaWebhook)).toEqual(webhookFields);
  });
});
