// The public API over HTTP against a running web app (next dev) and worker: tenants from the admin CLI, a real
// server-everything under test, real Postgres and Redis. Each `it` builds on the ones before (files run in order).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ciCommand } from '../../packages/cli/src/commands/ci';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { startEverythingServer, type RunningServer } from '../mcp-servers';
import { useTestRedis } from '../redis';
import { startWebhookReceiver, verifyWith, type WebhookReceiver } from '../webhook-receiver';
import { waitFor } from '../worker';
import { useApiHarness } from './api-harness';

const database = useTestDatabase();
const redis = useTestRedis();
const harness = useApiHarness(database, redis);
let everything: RunningServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [everything, receiver] = await Promise.all([startEverythingServer('streamableHttp'), startWebhookReceiver()]);
}, 60_000);
afterAll(async () => {
  await everything?.stop();
  await receiver?.close();
});

const SUITE = `
name: everything smoke
assertions:
  - name: echo says hello
    assert: { tool: echo, args: { message: hello }, expect: { contains: [hello] } }
  - name: adds numbers
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['5'] } }
`;

async function firstWebhookId(): Promise<string> {
  const list = await json<{ items: { id: string }[] }>(
    await harness.api(state.admin, 'GET', `/projects/${state.projectId}/webhooks`),
  );
  return list.items[0]?.id ?? '';
}

interface State {
  admin: string;
  other: string;
  projectId: string;
  serverId: string;
  suiteId: string;
  runId: string;
  svgUrl: string;
  jsonUrl: string;
  webhookSecret: string;
}
const state = {} as State;

const json_ = <T = Record<string, unknown>>(response: Response) => json<T>(response);

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`not JSON (${response.status}): ${text.slice(0, 500)}`);
  }
}

describe('public API over HTTP', { timeout: 120_000 }, () => {
  it('creates tenants with the admin command (owner and admin token)', async () => {
    const a = await harness.createTenant('Acme');
    const b = await harness.createTenant('Umbrella');
    expect(a.tenant.slug).toBe('acme');
    expect(a.token).toMatch(/^mcpt_/);
    state.admin = a.token;
    state.other = b.token;
  });

  it('refuses requests without a valid token (401) and bad bodies (400 naming the field)', async () => {
    const none = await harness.api(undefined, 'GET', '/projects');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(await json(none)).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await harness.api('mcpt_nope', 'GET', '/projects')).status).toBe(401);

    const empty = await harness.api(state.admin, 'POST', '/projects', {});
    expect(empty.status).toBe(400);
    expect(await json(empty)).toMatchObject({ error: { code: 'validation_failed', details: [{ path: 'name' }] } });
    const broken = await harness.api(state.admin, 'POST', '/projects', '{"name":');
    expect(broken.status).toBe(400);
    expect(await json(broken)).toMatchObject({ error: { code: 'invalid_json' } });
    const extra = await harness.api(state.admin, 'POST', '/projects', { name: 'x', colour: 'red' });
    expect(extra.status).toBe(400);
  });

  it('creates a project and registers server-everything; refuses metadata and private addresses naming the rule', async () => {
    const project = await harness.api(state.admin, 'POST', '/projects', { name: 'Payments MCP' });
    expect(project.status).toBe(201);
    state.projectId = (await json<{ id: string }>(project)).id;

    const metadata = await harness.api(state.admin, 'POST', `/projects/${state.projectId}/servers`, {
      name: 'meta',
      url: 'http://169.254.169.254/latest/meta-data',
    });
    expect(metadata.status).toBe(400);
    const metaBody = await json<{ error: { code: string; message: string; details: { rule: string } } }>(metadata);
    expect(metaBody.error.code).toBe('url_refused');
    expect(metaBody.error.details.rule).toBeTruthy();
    const privateNet = await harness.api(state.admin, 'POST', `/projects/${state.projectId}/servers`, {
      name: 'private',
      url: 'http://10.1.2.3/mcp',
    });
    expect(privateNet.status).toBe(400);
    expect((await json<{ error: { code: string } }>(privateNet)).error.code).toBe('url_refused');

    const server = await harness.api(state.admin, 'POST', `/projects/${state.projectId}/servers`, {
      name: 'everything',
      url: everything.url,
      transport: 'http',
      headers: { 'X-Api-Key': 'sekrit-value' },
    });
    expect(server.status).toBe(201);
    const created = await json<{ id: string; headerNames: string[] }>(server);
    expect(JSON.stringify(created)).not.toContain('sekrit-value');
    state.serverId = created.id;
  });

  it('refuses invalid suite YAML with line and column, then creates the suite with its badge URLs', async () => {
    const bad = await harness.api(state.admin, 'POST', `/projects/${state.projectId}/suites`, {
      name: 'smoke',
      serverId: state.serverId,
      yaml: 'assertions:\n  - name: x\n    assert: { tool: echo, expect: { contians: [a] } }\n',
    });
    expect(bad.status).toBe(400);
    const badBody = await json<{
      error: { code: string; details: { path: string; line: number; column: number; message: string }[] };
    }>(bad);
    expect(badBody.error.code).toBe('validation_failed');
    expect(badBody.error.details[0]).toMatchObject({ path: 'yaml', line: 3 });
    expect(badBody.error.details[0]?.column).toBeGreaterThan(1);
    expect(badBody.error.details[0]?.message).toContain('contians');

    const suite = await harness.api(state.admin, 'POST', `/projects/${state.projectId}/suites`, {
      name: 'smoke',
      serverId: state.serverId,
      yaml: SUITE,
    });
    expect(suite.status).toBe(201);
    const body = await json<{ id: string; version: number; badge: { svgUrl: string; jsonUrl: string } }>(suite);
    expect(body.version).toBe(1);
    expect(body.badge.svgUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/badges\/s\/[\w-]{20,}\.svg$/);
    state.suiteId = body.id;
    state.svgUrl = body.badge.svgUrl;
    state.jsonUrl = body.badge.jsonUrl;
  });

  it("refuses suites that read the runner's local files (file_contains on /etc/passwd, audit_log), on create and update", async () => {
    type Refusal = {
      error: {
        code: string;
        message: string;
        details: { line: number; column: number; code: string; message: string }[];
      };
    };
    const passwd = await harness.api(state.admin, 'POST', `/projects/${state.projectId}/suites`, {
      name: 'leak',
      serverId: state.serverId,
      yaml: 'assertions:\n  - name: x\n    assert: { tool: echo, expect: { file_contains: { /etc/passwd: x } } }\n',
    });
    expect(passwd.status).toBe(400);
    const passwdBody = await json<Refusal>(passwd);
    expect(passwdBody.error.code).toBe('validation_failed');
    expect(passwdBody.error.details).toEqual([
      expect.objectContaining({
        line: 3,
        column: 37,
        code: 'local_files',
        message: "`assertions[0].assert.expect.file_contains` reads the runner's local files; only the CLI may",
      }),
    ]);
    expect(JSON.stringify(passwdBody)).not.toContain('root:');

    const auditLog = await harness.api(state.admin, 'PATCH', `/suites/${state.suiteId}`, {
      yaml: 'assertions:\n  - name: x\n    audit_log: /etc/hostname\n    trajectory: [{ type: presence, tools: [a] }]\n',
    });
    expect(auditLog.status).toBe(400);
    expect((await json<Refusal>(auditLog)).error).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining("line 3, column 5: `assertions[0].audit_log` reads the runner's local files"),
      details: [{ line: 3, column: 5, code: 'local_files' }],
    });
    // Nothing was saved: the suite is still at version 1.
    const suite = await json<{ version: number }>(await harness.api(state.admin, 'GET', `/suites/${state.suiteId}`));
    expect(suite.version).toBe(1);
  });

  it('shows "no runs" on the badge, and refuses a webhook URL at a private or metadata address naming the rule', async () => {
    const json = await fetch(state.jsonUrl);
    expect(json.status).toBe(200);
    expect(json.headers.get('access-control-allow-origin')).toBe('*');
    expect(await json.json()).toMatchObject({ schemaVersion: 1, message: 'no runs' });

    const metadata = await harness.api(state.admin, 'POST', `/projects/${state.projectId}/webhooks`, {
      url: 'http://169.254.169.254/hook',
      events: ['run.completed'],
    });
    expect(metadata.status).toBe(400);
    expect(await json_(metadata)).toMatchObject({ error: { code: 'url_refused' } });

    const hook = await harness.api(state.admin, 'POST', `/projects/${state.projectId}/webhooks`, {
      url: `${receiver.url}/mcptest`,
      events: ['run.completed', 'run.failed'],
    });
    expect(hook.status).toBe(201);
    const created = await json_<{ secret: string }>(hook);
    expect(created.secret).toMatch(/^whsec_/);
    state.webhookSecret = created.secret;
  });

  it('triggers with wait and an Idempotency-Key: 200 with the passed run; the same key returns the same run', async () => {
    const first = await harness.api(
      state.admin,
      'POST',
      `/suites/${state.suiteId}/runs`,
      { wait: 60, commitSha: 'abc123', branch: 'main' },
      { 'idempotency-key': 'deploy-1' },
    );
    expect(first.status).toBe(200);
    const run = await json<{
      id: string;
      status: string;
      summary: object;
      results: { name: string; status: string }[];
    }>(first);
    expect(run.status).toBe('passed');
    expect(run.summary).toEqual({ total: 2, passed: 2, failed: 0, skipped: 0 });
    expect(run.results.map((r) => [r.name, r.status])).toEqual([
      ['echo says hello', 'PASS'],
      ['adds numbers', 'PASS'],
    ]);
    state.runId = run.id;

    const again = await harness.api(
      state.admin,
      'POST',
      `/suites/${state.suiteId}/runs`,
      { wait: 5 },
      { 'idempotency-key': 'deploy-1' },
    );
    expect(again.status).toBe(200);
    expect((await json<{ id: string }>(again)).id).toBe(run.id);

    // No body at all: the defaults.
    const queued = await harness.api(state.admin, 'POST', `/suites/${state.suiteId}/runs`);
    expect(queued.status).toBe(202);
    const accepted = await json<{ id: string; status: string; url: string }>(queued);
    expect(accepted.id).not.toBe(run.id);
    expect(['queued', 'running', 'passed']).toContain(accepted.status);
  });

  it('signs a run.completed webhook that the standardwebhooks library verifies, and the badge shows passing', async () => {
    const delivery = await waitFor('the run.completed delivery', async () =>
      receiver.on('/mcptest').find((r) => r.body.includes(state.runId)),
    );
    const verified = verifyWith(state.webhookSecret, delivery);
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
    expect((verified as { body: unknown }).body).toMatchObject({
      type: 'run.completed',
      data: { run: { id: state.runId, status: 'passed' } },
    });
    expect(verifyWith('whsec_' + Buffer.from('someone else entirely!!').toString('base64'), delivery).ok).toBe(false);

    const svg = await fetch(state.svgUrl);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('etag')).toBeTruthy();
    expect(Number(/max-age=(\d+)/.exec(svg.headers.get('cache-control') ?? '')?.[1])).toBeLessThanOrEqual(60);
    expect(await svg.text()).toContain('passing');
    const again = await fetch(state.svgUrl, { headers: { 'if-none-match': svg.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);

    const deliveries = await harness.api(state.admin, 'GET', `/webhooks/${await firstWebhookId()}/deliveries`);
    const log = await json_<{ items: { status: string; statusCode: number }[] }>(deliveries);
    expect(log.items.some((d) => d.status === 'succeeded' || d.status === 'SUCCEEDED')).toBe(true);
  });

  it('mcptest ci triggers, follows, writes JUnit and exits 0 against the real API', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mcptest-ci-'));
    try {
      const junit = path.join(dir, 'junit.xml');
      const summary = path.join(dir, 'summary.md');
      const lines: string[] = [];
      const result = await ciCommand(
        ['--api', harness.web.url, '--suite', state.suiteId, '--junit', junit, '--wait', '90'],
        {
          env: { MCPTEST_TOKEN: state.admin, GITHUB_STEP_SUMMARY: summary },
          stderr: (text) => lines.push(text),
        },
      );
      expect(result.exitCode, `${result.stdout}\n${result.stderr}\n${lines.join('')}`).toBe(0);
      expect(`${result.stdout}${result.stderr}${lines.join('')}`).not.toContain(state.admin);
      expect(await readFile(junit, 'utf8')).toContain('echo says hello');
      expect(await readFile(summary, 'utf8')).toContain('adds numbers');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('serves the run, its JUnit and Markdown, the run list with filters, and its events', async () => {
    const run = await json<{ id: string; commitSha: string; branch: string; trigger: string }>(
      await harness.api(state.admin, 'GET', `/runs/${state.runId}`),
    );
    expect(run).toMatchObject({ id: state.runId, commitSha: 'abc123', branch: 'main', trigger: 'ci' });
    const junit = await harness.api(state.admin, 'GET', `/runs/${state.runId}/junit.xml`);
    expect(junit.headers.get('content-type')).toContain('xml');
    const xml = await junit.text();
    expect(xml).toContain('<testsuite');
    expect(xml).toContain('echo says hello');
    expect(await (await harness.api(state.admin, 'GET', `/runs/${state.runId}/report.md`)).text()).toContain(
      'adds numbers',
    );

    const list = await json<{ items: { id: string }[]; nextCursor: string | null }>(
      await harness.api(state.admin, 'GET', `/runs?suiteId=${state.suiteId}&status=passed&limit=1`),
    );
    expect(list.items).toHaveLength(1);
    const badQuery = await harness.api(state.admin, 'GET', '/runs?status=sideways');
    expect(badQuery.status).toBe(400);
    expect(await json(badQuery)).toMatchObject({ error: { details: [{ path: 'query.status' }] } });

    const events = await harness.api(state.admin, 'GET', `/runs/${state.runId}/events`);
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const text = await events.text();
    expect(text).toContain('event: run.started');
    expect(text).toContain('event: run.finished');
  });

  it('hides one tenant from another (404) and enforces scopes (403)', async () => {
    for (const path of [
      `/projects/${state.projectId}`,
      `/suites/${state.suiteId}`,
      `/runs/${state.runId}`,
      `/runs/${state.runId}/junit.xml`,
    ]) {
      const response = await harness.api(state.other, 'GET', path);
      expect(response.status, path).toBe(404);
    }
    const hijack = await harness.api(state.other, 'POST', `/suites/${state.suiteId}/runs`, {});
    expect(hijack.status).toBe(404);

    const token = await harness.api(state.admin, 'POST', '/tokens', { name: 'reader', scopes: ['read'] });
    expect(token.status).toBe(201);
    const reader = (await json<{ token: string }>(token)).token;
    expect((await harness.api(reader, 'GET', `/suites/${state.suiteId}`)).status).toBe(200);
    const denied = await harness.api(reader, 'POST', `/suites/${state.suiteId}/runs`, {});
    expect(denied.status).toBe(403);
    expect(await json(denied)).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('rate-limits a token with 429 and Retry-After', async () => {
    const created = await json<{ token: string }>(
      await harness.api(state.admin, 'POST', '/tokens', { name: 'busy', scopes: ['read'] }),
    );
    let limited: Response | undefined;
    for (let i = 0; i < 70 && !limited; i += 1) {
      const response = await harness.api(created.token, 'GET', '/projects?limit=1');
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(200);
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(limited as Response)).toMatchObject({
      error: { code: 'rate_limited', details: { scope: 'token' } },
    });
  });

  it('answers as an MCP server at /api/mcp: tools with annotations, list_suites and get_run', async () => {
    const rpc = async (token: string | undefined, id: number, method: string, params: unknown) => {
      const response = await fetch(`${harness.web.url}/api/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      return response;
    };
    expect((await rpc(undefined, 1, 'tools/list', {})).status).toBe(401);
    const init = await rpc(state.admin, 1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'http-test', version: '1' },
    });
    expect(init.status).toBe(200);
    const tools = await json<{ result: { tools: { name: string; annotations: Record<string, boolean> }[] } }>(
      await rpc(state.admin, 2, 'tools/list', {}),
    );
    const byName = Object.fromEntries(tools.result.tools.map((t) => [t.name, t.annotations]));
    expect(byName.list_suites).toMatchObject({ readOnlyHint: true });
    expect(byName.get_run).toMatchObject({ readOnlyHint: true });
    expect(byName.trigger_run).toMatchObject({ idempotentHint: false });
    const listed = await json<{ result: { content: { text: string }[]; isError?: boolean } }>(
      await rpc(state.admin, 3, 'tools/call', { name: 'list_suites', arguments: {} }),
    );
    expect(listed.result.isError ?? false).toBe(false);
    expect(JSON.stringify(listed.result)).toContain(state.suiteId);
    const run = await json<{ result: { isError?: boolean } }>(
      await rpc(state.admin, 4, 'tools/call', { name: 'get_run', arguments: { runId: state.runId } }),
    );
    expect(JSON.stringify(run.result)).toContain('passed');
    const foreign = await json<{ result: { isError?: boolean } }>(
      await rpc(state.other, 5, 'tools/call', { name: 'get_run', arguments: { runId: state.runId } }),
    );
    expect(foreign.result.isError).toBe(true);
  });

  it('serves an OpenAPI 3.1 document that validates and lists the endpoints', async () => {
    const response = await fetch(`${harness.web.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = await json<{ openapi: string; paths: Record<string, unknown> }>(response);
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/projects',
      '/projects/{id}/servers',
      '/projects/{id}/suites',
      '/suites/{id}/runs',
      '/runs/{id}',
      '/runs/{id}/junit.xml',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
