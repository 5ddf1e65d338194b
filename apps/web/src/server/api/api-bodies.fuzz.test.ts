// Fuzzes every request body and query of the REST API, generated from the endpoint registry: arbitrary JSON, values
// derived from each endpoint's own schema and mutations of them go through the real route handlers (withApi, real
// token, this file's Postgres and Redis). No answer may be a 5xx; every 400 is the uniform error naming a field path;
// every success matches the endpoint's declared response schema. Malformed JSON, other content types and oversized
// bodies are fuzzed across all body endpoints.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTenant, recordSurface } from '@mcptest/db';
import { hashSurface } from '@mcptest/mcp';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestDatabase } from '../../../../../test/db';
import {
  fuzzRuns,
  liftApiLimitsForFuzzing,
  readFuzzAnswer,
  type FuzzAnswer as Answer,
} from '../../../../../test/fuzz/fuzz-config';
import {
  applyMutations,
  fromJsonSchema,
  HOSTILE_STRINGS,
  hostileJson,
  jsonString,
  type JsonSchema,
  mutation,
} from '../../../../../test/fuzz/json-arbitraries';
import { useTestRedis } from '../../../../../test/redis';
import { useRouteEnv } from '../../../../../test/route-env';
import type { EndpointSpec } from './endpoint';
import { declaredEndpoints } from './endpoints/index';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROUTES = fileURLToPath(new URL('../../app/api/v1/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** The registry as declared (read at collection time, so each endpoint gets its own test). */
const ENDPOINTS = declaredEndpoints();
const WITH_BODY = ENDPOINTS.filter((e) => e.body !== undefined);
const WITH_QUERY = ENDPOINTS.filter((e) => e.query !== undefined);

/** The route module of an endpoint: `/projects/{id}/servers` lives in `app/api/v1/projects/[id]/servers/route.ts`. */
function routeFile(spec: EndpointSpec): string {
  return path.join(ROUTES, spec.path.replace(/\{(\w+)\}/g, '[$1]'), 'route.ts');
}

let token: string;
let tenantId: string;
/** Ids of this tenant's fixtures, so valid bodies reach the services instead of stopping at a 404. */
const ids: Record<string, string> = {};
const handlers = new Map<string, Handler>();

function handlerOf(spec: EndpointSpec): Handler {
  const handler = handlers.get(spec.operationId);
  if (!handler) throw new Error(`no route handler for ${spec.method} ${spec.path}`);
  return handler;
}

/** Path parameters: `{id}` after `/projects` is the fixture project, and so on; unknown ones fail loudly. */
function paramsFor(spec: EndpointSpec): Record<string, string> {
  const params: Record<string, string> = {};
  const segments = spec.path.split('/');
  segments.forEach((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name) return;
    const owner = name === 'id' ? segments[i - 1] : name;
    const value = ids[owner ?? ''];
    if (value === undefined) throw new Error(`no fixture for path parameter {${name}} of ${spec.path}: add one`);
    params[name] = value;
  });
  return params;
}

async function send(
  spec: EndpointSpec,
  init: { body?: BodyInit; contentType?: string | undefined; query?: string; headers?: Record<string, string> },
): Promise<Answer> {
  const concrete = Object.entries(paramsFor(spec)).reduce(
    (p, [name, value]) => p.replace(`{${name}}`, encodeURIComponent(value)),
    spec.path,
  );
  const request = new Request(`http://localhost/api/v1${concrete}${init.query ?? ''}`, {
    method: spec.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.contentType === undefined ? {} : { 'content-type': init.contentType }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body, duplex: 'half' }),
  } as RequestInit);
  const response = await handlerOf(spec)(request, { params: Promise.resolve(paramsFor(spec)) });
  return readFuzzAnswer(response);
}

const ErrorBody = z.strictObject({
  error: z.strictObject({ code: z.string().min(1), message: z.string().min(1), details: z.unknown().optional() }),
});

/** Field paths a 400 names: `[{path, message}]`, or `{rule, path}` for refused URLs. */
const FieldDetails = z.union([
  z.array(z.object({ path: z.string().min(1), message: z.string().min(1) }).loose()).min(1),
  z.object({ path: z.string().min(1) }).loose(),
]);

/** What every answer must be: never a 5xx, errors uniform (a 400 naming field paths), successes as declared. */
function expectWellFormed(spec: EndpointSpec, answer: Answer, sent: unknown): void {
  const where = `${spec.method} ${spec.path} answered ${answer.status} ${answer.text.slice(0, 500)} to ${JSON.stringify(sent)?.slice(0, 300)}`;
  expect(answer.status, where).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.contentType, where).toMatch(/^application\/json/);
    const error = ErrorBody.safeParse(answer.json);
    expect(error.success, where).toBe(true);
    if (answer.status === 400) expect(FieldDetails.safeParse(error.data?.error.details).success, where).toBe(true);
    return;
  }
  const declared = spec.responses[answer.status];
  expect(declared, `${where}: status not declared`).toBeDefined();
  if (declared?.schema) expect(declared.schema.safeParse(answer.json).error, where).toBeUndefined();
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const MINIMAL_SUITE = 'name: fuzz\nassert:\n  tool: echo\n  args: {message: hi}\n  expect: {not_error: true}\n';

/** Real suites (the mcp-assert corpus), a minimal hosted suite, and a few broken ones. */
function suiteTexts(): string[] {
  const dir = path.join(ROOT, 'test/compat/mcp-assert/mcp-everything-ts');
  const corpus = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  return [
    MINIMAL_SUITE,
    ...corpus.slice(0, 6),
    'a: &a [*a]\n',
    `${'['.repeat(5_000)}\n`,
    'name: x\nassert: {tool: echo, tool: again}\n',
  ];
}

const URLS = [
  'https://mcp.example.com/mcp',
  'http://mcp.example.com:8080/sse',
  'HTTPS://MCP.EXAMPLE.COM./',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:127.0.0.1]/',
  'http://0x7f.1/',
  'http://2130706433/',
  'http://user:pass@mcp.example.com/',
  'http://10.0.0.1/',
  'https://exa mple.com/',
  'http://[fe80::1%25eth0]/',
  'file:///etc/passwd',
  'gopher://mcp.example.com/',
  'https://',
  `https://mcp.example.com/${'a'.repeat(2_100)}`,
];

/** The id of this endpoint's fixture of a kind (`servers`, `projects`...). */
const fixtureId = (kind: string) => fc.constant(kind).map((k) => ids[k] ?? 'missing-fixture');

/** Mostly plausible names, sometimes hostile ones. */
const nameish = fc.oneof(
  { arbitrary: fc.stringMatching(/^[A-Za-z][\w .-]{0,30}$/), weight: 3 },
  { arbitrary: jsonString, weight: 1 },
);

/** Domain values by property name, so generated bodies look like real ones (and reach the services). */
function hints(property: string): fc.Arbitrary<unknown> | undefined {
  switch (property) {
    case 'url':
      return fc.oneof(
        fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }),
        fc.constantFrom(...URLS),
      );
    case 'yaml':
      return fc.constantFrom(...suiteTexts());
    // Mostly left out (the last save wins), so PATCH bodies still get through; any number given is usually stale (409).
    case 'baseVersion':
      return fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.integer(), weight: 1 });
    // Read when a value is drawn: the fixtures are made after the arbitraries, and again for each endpoint.
    case 'hash':
      // Mostly the fixture server's recorded surface (approvable), sometimes another one (a 409).
      return fc.oneof(
        { arbitrary: fixtureId('surfaceHash'), weight: 3 },
        { arbitrary: fc.stringMatching(/^[0-9a-f]{64}$/), weight: 1 },
      );
    case 'serverId':
      return fc.oneof(
        { arbitrary: fixtureId('servers'), weight: 4 },
        { arbitrary: fc.constantFrom('cl000000000000000000000000', ''), weight: 1 },
      );
    case 'projectId':
      return fc.oneof(fixtureId('projects'), fc.constantFrom('cl000000000000000000000000'));
    case 'schedule':
      return fc.oneof(
        fc.constantFrom('0 * * * *', '15 3 * * 1', null),
        fc.constantFrom('*/5 * * * *', '* * * * * *', '0 0 31 2 *', 'not cron', '0 0 * * 8', '61 * * * *'),
      );
    case 'timezone':
      return fc.oneof(
        { arbitrary: fc.constantFrom('UTC', 'Europe/Paris', 'America/New_York'), weight: 3 },
        { arbitrary: fc.constantFrom('Mars/Olympus_Mons', 'UTC+1', 'Etc/GMT+99'), weight: 1 },
      );
    case 'headers{}':
      return fc.constantFrom('Authorization', 'X-Api-Key', 'Host', 'content-length', 'Bad Name', 'x'.repeat(300));
    case 'headers.*':
      return fc.constantFrom('Bearer secret', 'a\r\nInjected: 1', 'x'.repeat(9_000), '\u00ff');
    case 'cursor':
      return fc.constantFrom(
        Buffer.from(JSON.stringify({ t: '2026-01-01T00:00:00.000Z', id: 'x' })).toString('base64url'),
        Buffer.from('{"t":1}').toString('base64url'),
        'not-a-cursor',
      );
    case 'name':
    case 'branch':
    case 'commitSha':
    case 'githubSecret':
      return nameish;
    default:
      return undefined;
  }
}

beforeAll(async () => {
  liftApiLimitsForFuzzing();
  for (const spec of ENDPOINTS) {
    const module = (await import(routeFile(spec))) as Record<string, Handler | undefined>;
    const handler = module[spec.method];
    if (handler) handlers.set(spec.operationId, handler);
  }
  const tenant = await createTenant(testDb.db, { name: 'Fuzz', ownerEmail: 'fuzz@example.test' });
  token = tenant.token;
  tenantId = tenant.tenant.id;
});
beforeAll(makeFixtures);

/**
 * Fresh fixtures (project, server, suite, webhook, token, run) for the next endpoint, so one endpoint's fuzzing
 * (a suite disabled, a server renamed) does not stop the next one at a 409 or a 404.
 */
async function makeFixtures(): Promise<void> {
  const byId = (operationId: string) => ENDPOINTS.find((e) => e.operationId === operationId) as EndpointSpec;
  const create = async (operationId: string, body: unknown): Promise<string> => {
    const answer = await send(byId(operationId), { body: JSON.stringify(body), contentType: 'application/json' });
    expect(answer.status, answer.text).toBeLessThan(300);
    return (answer.json as { id: string }).id;
  };
  ids.projects = await create('createProject', { name: 'Fuzz' });
  ids.servers = await create('createServer', { name: 'Fuzz', url: 'https://mcp.example.com/mcp' });
  // A recorded surface, so approving it (POST /servers/{id}/surface/approve) can succeed.
  const surface = {
    format: 1 as const,
    serverInfo: { name: 'fuzz', version: '1.0.0' },
    protocolVersion: '2025-11-25',
    instructions: null,
    tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
    toolsTruncated: false,
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
  ids.surfaceHash = hashSurface(surface);
  const serverId = ids.servers;
  await testDb.db.tenant(tenantId).transaction((tx) =>
    recordSurface(tx, {
      tenantId,
      serverId,
      hash: ids.surfaceHash!,
      surface,
      source: 'discovery',
      now: new Date(),
    }),
  );
  ids.suites = await create('createSuite', { name: 'Fuzz', serverId: ids.servers, yaml: MINIMAL_SUITE });
  ids.webhooks = await create('createWebhook', { url: 'https://hooks.example.com/in' });
  ids.tokens = await create('createToken', { name: 'Fuzz', scopes: ['read'] });
  ids.runs = await create('triggerRun', {});
  ids.version = '1';
  ids.deliveryId = 'cl000000000000000000000000';
  ids.token = 'mcpt_trigger_not_a_real_one';
}

describe('the fuzz covers the registry', () => {
  it('finds a route module exporting a handler for every declared endpoint', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(20);
    expect(WITH_BODY.length).toBeGreaterThanOrEqual(12);
    for (const spec of ENDPOINTS) expect(handlers.has(spec.operationId), `${spec.method} ${spec.path}`).toBe(true);
  });
});

describe.each(WITH_BODY.map((spec) => [`${spec.method} ${spec.path}`, spec] as const))('body of %s', (_label, spec) => {
  const schema = spec.body as z.ZodType;
  const valid = fromJsonSchema(jsonSchemaOf(schema), hints);
  const bodies = fc.oneof(
    { arbitrary: hostileJson, weight: 1 },
    { arbitrary: valid, weight: 4 },
    { arbitrary: fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })), weight: 2 },
  );
  beforeAll(makeFixtures);

  it('never answers 5xx; a body the schema refuses is a 400 naming its fields', async () => {
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(bodies, async (generated) => {
        const body =
          Array.isArray(generated) && generated.length === 2 && Array.isArray(generated[1])
            ? applyMutations(generated[0], generated[1] as never)
            : generated;
        const text = JSON.stringify(body);
        const answer = await send(spec, { body: text, contentType: 'application/json' });
        statuses.push(answer.status);
        expectWellFormed(spec, answer, body);
        // Judged on what was sent: JSON turns NaN into null and drops undefined.
        if (!schema.safeParse(JSON.parse(text)).success) {
          expect(answer.status, answer.text).toBe(400);
          expect((answer.json as z.infer<typeof ErrorBody>).error.code).toBe('validation_failed');
        }
      }),
      fuzzRuns(25),
    );
    // The generated bodies reach the service, not only the schema: some are accepted.
    expect(
      statuses.some((status) => status < 300),
      `statuses: ${statuses.join(' ')}`,
    ).toBe(true);
  });
});

describe.each(WITH_QUERY.map((spec) => [`${spec.method} ${spec.path}`, spec] as const))(
  'query of %s',
  (_label, spec) => {
    const schema = spec.query as z.ZodType;
    const keys = Object.keys(jsonSchemaOf(schema).properties ?? {});
    const value = fc.oneof(
      fc.constantFrom('1', '0', '100', '101', '-1', '1e3', '0x10', 'NaN', 'queued', 'api', ...HOSTILE_STRINGS),
      fc.string({ unit: 'binary', maxLength: 30 }),
      hints('cursor') as fc.Arbitrary<string>,
    );
    const entries = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })), value), {
      maxLength: 5,
    });

    it('never answers 5xx; a query the schema refuses is a 400 naming its fields', async () => {
      await fc.assert(
        fc.asyncProperty(entries, async (pairs) => {
          const search = new URLSearchParams(pairs);
          const answer = await send(spec, { query: `?${search.toString()}` });
          expectWellFormed(spec, answer, pairs);
          if (!schema.safeParse(Object.fromEntries(search)).success) expect(answer.status, answer.text).toBe(400);
        }),
        fuzzRuns(15),
      );
    });
  },
);

describe('regressions found by fuzzing', () => {
  const byId = (operationId: string) => ENDPOINTS.find((e) => e.operationId === operationId) as EndpointSpec;
  const errorOf = (answer: Answer) => (answer.json as z.infer<typeof ErrorBody>).error;

  it.each([
    ['createProject', { name: 'a\u0000b' }, 'name'],
    ['updateProject', { name: '\u0000' }, 'name'],
    ['updateServer', { name: '\ud800' }, 'name'],
    ['createServer', { name: 'ok', url: 'https://mcp.example.com/\udfff' }, 'url'],
    ['triggerRun', { branch: 'main\u0000' }, 'branch'],
    ['updatePolicy', { overrides: [{ tool: 'x\u0000', class: 'Mutating' }] }, 'overrides[0].tool'],
  ])('%s refuses %j (text Postgres cannot store) with a 400 naming %s, not a 500', async (operationId, body, field) => {
    const answer = await send(byId(operationId), { body: JSON.stringify(body), contentType: 'application/json' });
    expect(answer.status, answer.text).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'validation_failed', details: [{ path: field }] });
  });

  it('refuses a NUL in a query value with a 400 naming it, not a 500', async () => {
    const answer = await send(byId('listRuns'), { query: '?branch=%00' });
    expect(answer.status, answer.text).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'validation_failed', details: [{ path: 'query.branch' }] });
  });

  it('names the body in the details of invalid_json', async () => {
    const answer = await send(byId('createProject'), { body: '{"name": "x",}', contentType: 'application/json' });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'invalid_json', details: [{ path: '(body)' }] });
  });
});

describe('malformed requests to every body endpoint', () => {
  // By operationId, so a counterexample prints a name rather than the whole spec.
  const endpoint = fc.constantFrom(...WITH_BODY.map((spec) => spec.operationId));
  const specOf = (operationId: string) => WITH_BODY.find((spec) => spec.operationId === operationId) as EndpointSpec;

  it('answers 400 invalid_json, naming the body, to text that is not JSON', async () => {
    const notJson = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
      fc.constantFrom('{', '{"name": "x",}', "{'name': 'x'}", '{"name": NaN}', '\ufeff{}', '[1, 2', 'nul', '{"a":1}x'),
      fc.tuple(hostileJson, fc.nat()).map(([v, cut]) => {
        const text = JSON.stringify(v);
        return text.slice(0, Math.max(1, cut % text.length));
      }),
    );
    await fc.assert(
      fc.asyncProperty(endpoint, notJson, async (operationId, text) => {
        const spec = specOf(operationId);
        const answer = await send(spec, { body: text, contentType: 'application/json' });
        expectWellFormed(spec, answer, text);
        let parses = true;
        try {
          // The body is decoded as UTF-8 the way fetch's text() does it, which drops a byte order mark.
          JSON.parse(text.replace(/^\ufeff/, ''));
        } catch {
          parses = false;
        }
        if (!parses && text.trim() !== '') {
          expect(answer.status).toBe(400);
          expect((answer.json as z.infer<typeof ErrorBody>).error.code).toBe('invalid_json');
        }
      }),
      fuzzRuns(40),
    );
  });

  it('answers 415 to a body sent as anything but JSON, and accepts JSON media types', async () => {
    const notJson = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/json'];
    const jsonTypes = [
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/vnd.api+json',
    ];
    await fc.assert(
      fc.asyncProperty(
        endpoint,
        fc.constantFrom(...notJson, ...jsonTypes, undefined),
        hostileJson,
        async (operationId, contentType, body) => {
          const spec = specOf(operationId);
          const answer = await send(spec, { body: JSON.stringify(body), contentType });
          expectWellFormed(spec, answer, { contentType, body });
          if (contentType === undefined || notJson.includes(contentType)) {
            expect(answer.status, answer.text).toBe(415);
          } else {
            expect(answer.status, answer.text).not.toBe(415);
          }
        },
      ),
      fuzzRuns(30),
    );
  });

  it('answers 413 to a body over 1 MiB, declared or streamed, without reading all of a stream', async () => {
    for (const spec of WITH_BODY) {
      const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
      const sent = await send(spec, { body: big, contentType: 'application/json' });
      expect(sent.status, `${spec.path}: ${sent.text}`).toBe(413);
      expectWellFormed(spec, sent, 'a 1 MiB body');

      const declared = await send(spec, {
        body: '{}',
        contentType: 'application/json',
        headers: { 'content-length': String(2 ** 40) },
      });
      expect(declared.status, declared.text).toBe(413);
    }
    // A chunked upload with no Content-Length: the handler stops reading past the limit instead of buffering it all.
    let pulled = 0;
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const spec = WITH_BODY[0] as EndpointSpec;
    const streamed = await send(spec, { body: endless, contentType: 'application/json' });
    expect(streamed.status, streamed.text).toBe(413);
    expect(pulled).toBeLessThan(64);
  });
});

describe('the inbound trigger URL (POST /api/v1/triggers/{token}), outside the registry', () => {
  type InboundHandler = (request: Request, context: { params: Promise<{ token: string }> }) => Promise<Response>;
  let inbound: InboundHandler;
  let triggerToken: string;

  beforeAll(async () => {
    inbound = ((await import(path.join(ROUTES, 'triggers/[token]/route.ts'))) as { POST: InboundHandler }).POST;
    const spec = ENDPOINTS.find((e) => e.operationId === 'createTriggerUrl') as EndpointSpec;
    const created = await send(spec, { body: '{}', contentType: 'application/json' });
    expect(created.status, created.text).toBe(201);
    triggerToken = (created.json as { token: string }).token;
  });

  async function trigger(body: BodyInit, headers: Record<string, string>): Promise<Answer> {
    const request = new Request(`http://localhost/api/v1/triggers/${triggerToken}`, {
      method: 'POST',
      headers,
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await inbound(request, { params: Promise.resolve({ token: triggerToken }) });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
  }

  const spec = {
    method: 'POST',
    path: '/triggers/{token}',
    responses: { 200: {}, 202: {} },
  } as unknown as EndpointSpec;
  const githubShaped = fc.oneof(
    fc.record({ after: jsonString, ref: jsonString, deleted: fc.boolean() }, { requiredKeys: [] }),
    fc.record({
      action: fc.constantFrom('opened', 'synchronize', 'closed', ''),
      pull_request: fc.record({ head: fc.record({ sha: jsonString, ref: jsonString }) }),
    }),
  );
  const headerValue = fc.oneof(
    fc.constantFrom('delivery-1', 'x'.repeat(3_000), 'y'.repeat(8_000)),
    fc.stringMatching(/^[\x21-\x7e]{1,40}$/),
  );

  it('never answers 5xx to any body, GitHub event or delivery id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileJson,
          githubShaped,
          fc.record({ commitSha: jsonString, branch: jsonString }, { requiredKeys: [] }),
        ),
        fc.record(
          {
            'x-github-event': fc.constantFrom('push', 'pull_request', 'ping', 'issues'),
            'x-github-delivery': headerValue,
            'idempotency-key': headerValue,
            'content-type': fc.constantFrom('application/json', 'text/plain'),
          },
          { requiredKeys: [] },
        ),
        async (body, headers) => {
          const answer = await trigger(JSON.stringify(body), headers);
          expectWellFormed(spec, answer, { body, headers });
        },
      ),
      fuzzRuns(40),
    );
  });

  it.each([
    ['a NUL in the branch', JSON.stringify({ branch: 'main\u0000' }), {}],
    ['a NUL in a pushed ref', JSON.stringify({ after: 'abc', ref: 'refs/heads/\u0000' }), { 'x-github-event': 'push' }],
    ['a lone surrogate in the commit', JSON.stringify({ commitSha: 'abc\ud800' }), {}],
  ])('refuses %s with a 400, not a 500', async (_what, body, headers: Record<string, string>) => {
    const answer = await trigger(body, { 'content-type': 'application/json', ...headers });
    expect(answer.status, answer.text).toBe(400);
    expectWellFormed(spec, answer, body);
  });

  it('answers 413 to an endless upload without reading it all (anyone can send one: the token is checked after)', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const answer = await trigger(endless, { 'content-type': 'application/json' });
    expect(answer.status).toBe(413);
    expect(pulled).toBeLessThan(64);
  });
});
