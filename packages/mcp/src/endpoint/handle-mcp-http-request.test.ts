// mcptest's own MCP server over a real HTTP round trip: a node:http server hands each request to handleMcpHttpRequest
// as a Web Request, and the SDK's Client talks to it over Streamable HTTP. The handlers are stubs.
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { McptestToolHandlers } from './create-mcptest-mcp-server';
import {
  handleMcpHttpRequest,
  type HandleMcpHttpRequestOptions,
  type McpRequestAdmission,
} from './handle-mcp-http-request';
import type { ListSuitesOutput, McptestRun, TriggerRunOutput } from './mcptest-tool-schemas';
import { McptestToolError } from './tool-error';

const RUN: McptestRun = {
  id: 'run_1',
  url: 'https://mcptest.example/runs/run_1',
  status: 'failed',
  suiteId: 'suite_1',
  projectId: 'project_1',
  summary: { total: 2, passed: 1, failed: 1, skipped: 0 },
  results: [
    { name: 'search works', status: 'PASS', detail: '', durationMs: 12, trial: 1 },
    { name: 'get works', status: 'FAIL', detail: 'expected "widget" in the text', durationMs: 9, trial: 1 },
  ],
  regressions: [{ name: 'get works', before: 'PASS', after: 'FAIL', detail: 'expected "widget" in the text' }],
  error: null,
  // A field the schema does not name: outputs are loose, so the host may add fields.
  callsUsed: 2,
};

const SUITES: ListSuitesOutput = {
  suites: [
    {
      id: 'suite_1',
      name: 'smoke',
      projectId: 'project_1',
      serverId: 'server_1',
      version: 3,
      enabled: true,
      schedule: '*/15 * * * *',
      timezone: 'UTC',
      badge: {
        svgUrl: 'https://mcptest.example/api/badges/s/k.svg',
        jsonUrl: 'https://mcptest.example/api/badges/s/k.json',
      },
      latestRun: {
        id: 'run_1',
        status: 'failed',
        url: RUN.url,
        summary: RUN.summary,
        finishedAt: '2026-01-01T00:00:00.000Z',
      },
    },
  ],
  truncated: false,
};

/** Stub handlers whose behaviour each test sets; calls are recorded by vi.fn. */
const handlers = {
  listSuites: vi.fn<McptestToolHandlers['listSuites']>(),
  triggerRun: vi.fn<McptestToolHandlers['triggerRun']>(),
  getRun: vi.fn<McptestToolHandlers['getRun']>(),
  onUnexpectedError: vi.fn<NonNullable<McptestToolHandlers['onUnexpectedError']>>(),
};
let options: HandleMcpHttpRequestOptions = {};
const admissions: McpRequestAdmission[] = [];

let http: Server;
let url: URL;

beforeAll(async () => {
  http = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      }
      const method = req.method ?? 'GET';
      const request = new Request(new URL(req.url ?? '/', url), {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      });
      const response = await handleMcpHttpRequest(request, handlers, {
        ...options,
        admit: async (admission) => {
          admissions.push(admission);
          return options.admit?.(admission);
        },
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/api/mcp`);
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
});

afterEach(() => {
  vi.resetAllMocks();
  options = {};
  admissions.length = 0;
});

async function connect(): Promise<Client> {
  const client = new Client({ name: 'service-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  // Listing the tools makes the client validate structuredContent against each outputSchema from then on.
  await client.listTools();
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const text = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describe('mcptest MCP server over Streamable HTTP (stateless)', () => {
  it('lists three tools with their annotations, strict input schemas and output schemas', async () => {
    const client = await connect();
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'mcptest' });
      expect(client.getInstructions()).toContain('trigger_run');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['list_suites', 'trigger_run', 'get_run']);
      const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
      expect(byName.list_suites?.annotations).toMatchObject({
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(byName.trigger_run?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      });
      expect(byName.get_run?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
      for (const tool of tools) {
        expect(tool.description?.length).toBeGreaterThan(100);
        expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
        expect(tool.outputSchema).toMatchObject({ type: 'object' });
      }
      expect(byName.trigger_run?.inputSchema.required).toEqual(['suiteId']);
      expect(byName.trigger_run?.inputSchema.properties?.wait).toMatchObject({ type: 'integer', maximum: 60 });
      expect(byName.get_run?.inputSchema.required).toEqual(['runId']);
      expect(byName.trigger_run?.description).toContain('get_run');
    } finally {
      await client.close();
    }
  });

  it('list_suites: passes the defaults to the handler and answers structured content plus text', async () => {
    handlers.listSuites.mockResolvedValue(SUITES);
    const client = await connect();
    try {
      const all = await call(client, 'list_suites', {});
      expect(handlers.listSuites).toHaveBeenLastCalledWith({ limit: 20 });
      expect(all.isError).toBeFalsy();
      expect(all.structuredContent).toEqual(SUITES);
      expect(text(all)).toContain('smoke (suiteId suite_1');
      expect(text(all)).toContain('latest run failed (1 passed, 1 failed, 0 skipped of 2)');

      await call(client, 'list_suites', { projectId: 'project_1', limit: 5 });
      expect(handlers.listSuites).toHaveBeenLastCalledWith({ projectId: 'project_1', limit: 5 });
    } finally {
      await client.close();
    }
  });

  it('list_suites: a handler error and invalid arguments are isError results, not protocol errors', async () => {
    handlers.listSuites.mockRejectedValue(new McptestToolError('not_found', 'project not found'));
    const client = await connect();
    try {
      const missing = await call(client, 'list_suites', { projectId: 'nope' });
      expect(missing.isError).toBe(true);
      expect(missing.structuredContent).toBeUndefined();
      expect(text(missing)).toContain('Error (not_found): project not found');
      expect(text(missing)).toContain('list_suites');
      expect(missing._meta).toEqual({ 'mcptest.dev/error': { code: 'not_found' } });

      const invalid = await call(client, 'list_suites', { limit: 1000, project: 'x' });
      expect(invalid.isError).toBe(true);
      expect(text(invalid)).toMatch(/limit/);
      expect(text(invalid)).toMatch(/project/);
      expect(handlers.listSuites).toHaveBeenCalledTimes(1);
    } finally {
      await client.close();
    }
  });

  it('trigger_run: a finished run, then a run still queued that points the agent at get_run', async () => {
    const finished: TriggerRunOutput = {
      id: RUN.id,
      status: RUN.status,
      url: RUN.url,
      finished: true,
      created: true,
      run: RUN,
    };
    handlers.triggerRun.mockResolvedValueOnce(finished);
    handlers.triggerRun.mockResolvedValueOnce({
      id: 'run_2',
      status: 'queued',
      url: 'https://mcptest.example/runs/run_2',
      finished: false,
      created: false,
    });
    const client = await connect();
    try {
      const args = { suiteId: 'suite_1', commitSha: 'abc123', branch: 'main', wait: 30, idempotencyKey: 'k-1' };
      const done = await call(client, 'trigger_run', args);
      expect(handlers.triggerRun).toHaveBeenLastCalledWith(args);
      expect(done.isError).toBeFalsy();
      expect(done.structuredContent).toEqual(finished);
      expect(text(done)).toContain('Run run_1 failed: 1 passed, 1 failed, 0 skipped of 2');
      expect(text(done)).toContain('FAIL get works: expected "widget" in the text');
      expect(text(done)).toContain('Regressions (passed in the baseline, not now): get works (FAIL)');

      const queued = await call(client, 'trigger_run', { suiteId: 'suite_2', idempotencyKey: 'k-2' });
      expect(queued.structuredContent).toMatchObject({ id: 'run_2', status: 'queued', finished: false });
      expect(text(queued)).toContain('An earlier run with this idempotencyKey');
      expect(text(queued)).toContain('Call get_run with {"runId":"run_2"}');
    } finally {
      await client.close();
    }
  });

  it('trigger_run: scope, quota and rate-limit errors carry their code and retry delay; wait is bounded', async () => {
    const client = await connect();
    try {
      handlers.triggerRun.mockRejectedValueOnce(
        new McptestToolError('forbidden', 'this needs a token with the run scope; this token has read'),
      );
      const forbidden = await call(client, 'trigger_run', { suiteId: 'suite_1' });
      expect(forbidden.isError).toBe(true);
      expect(text(forbidden)).toContain('Error (forbidden): this needs a token with the run scope');

      // Any Error with a known code works (the web app's ApiError): details and the Retry-After header are read.
      const limited = Object.assign(new Error('rate limit of 60 triggers per minute per tenant reached'), {
        code: 'rate_limited',
        details: { scope: 'trigger', limit: 60, retryAfterSeconds: 12 },
      });
      handlers.triggerRun.mockRejectedValueOnce(limited);
      const rate = await call(client, 'trigger_run', { suiteId: 'suite_1' });
      expect(rate.isError).toBe(true);
      expect(text(rate)).toContain('Error (rate_limited): rate limit of 60 triggers');
      expect(text(rate)).toContain('Retry in 12 s.');
      expect(rate._meta?.['mcptest.dev/error']).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 12 });

      const quota = Object.assign(new Error('the FREE plan allows 10 runs waiting to start'), {
        code: 'quota_exceeded',
        headers: { 'retry-after': '30' },
      });
      handlers.triggerRun.mockRejectedValueOnce(quota);
      expect(text(await call(client, 'trigger_run', { suiteId: 'suite_1' }))).toContain('Retry in 30 s.');

      const tooLong = await call(client, 'trigger_run', { suiteId: 'suite_1', wait: 61 });
      expect(tooLong.isError).toBe(true);
      expect(text(tooLong)).toMatch(/wait/);
      const noSuite = await call(client, 'trigger_run', {});
      expect(noSuite.isError).toBe(true);
      expect(text(noSuite)).toMatch(/suiteId/);
      expect(handlers.triggerRun).toHaveBeenCalledTimes(3);
      expect(handlers.onUnexpectedError).not.toHaveBeenCalled();
    } finally {
      await client.close();
    }
  });

  it('get_run: the run with results and regressions; an unknown run and an unexpected failure are isError', async () => {
    handlers.getRun.mockResolvedValueOnce(RUN);
    const client = await connect();
    try {
      const got = await call(client, 'get_run', { runId: 'run_1' });
      expect(handlers.getRun).toHaveBeenLastCalledWith({ runId: 'run_1' });
      expect(got.isError).toBeFalsy();
      expect(got.structuredContent).toEqual(RUN);
      expect(JSON.parse((got.content[1] as { text: string }).text)).toEqual(RUN);

      handlers.getRun.mockRejectedValueOnce(Object.assign(new Error('run not found'), { code: 'not_found' }));
      const missing = await call(client, 'get_run', { runId: 'nope' });
      expect(missing.isError).toBe(true);
      expect(text(missing)).toContain('Error (not_found): run not found');

      const secret = 'connect ECONNREFUSED postgres://mcptest:hunter2@10.0.0.5/db';
      handlers.getRun.mockRejectedValueOnce(new Error(secret));
      const broken = await call(client, 'get_run', { runId: 'run_1' });
      expect(broken.isError).toBe(true);
      expect(text(broken)).toContain('Internal error in mcptest');
      expect(JSON.stringify(broken)).not.toContain('hunter2');
      expect(handlers.onUnexpectedError).toHaveBeenCalledWith(expect.objectContaining({ message: secret }), 'get_run');
    } finally {
      await client.close();
    }
  });

  it('keeps no session: no session id, and a tools/call works as the first request a server sees', async () => {
    handlers.getRun.mockResolvedValueOnce({ ...RUN, status: 'running', results: [], regressions: [] });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'get_run', arguments: { runId: 'run_1' } },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { id: number; result: CallToolResult };
    expect(body.id).toBe(7);
    expect(body.result.structuredContent).toMatchObject({ id: 'run_1', status: 'running' });
    expect(text(body.result)).toContain('Call get_run with {"runId":"run_1"}');
    expect(admissions).toEqual([{ toolCalls: ['get_run'], messages: 1 }]);
  });

  it('answers GET and DELETE with 405, an oversized or unparsable body with 413/400', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(url, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    const post = (body: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
    options = { maxBodyBytes: 1000 };
    expect(
      (await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2000) } }))).status,
    ).toBe(413);
    const garbled = await post('{"jsonrpc":');
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ error: { code: -32700 } });
    expect(admissions).toEqual([]);
  });

  it('lets the host refuse a request before the server sees it (rate limits), told which tools it calls', async () => {
    options = {
      admit: async ({ toolCalls }) =>
        toolCalls.includes('trigger_run')
          ? new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'slow down' } }), {
              status: 429,
              headers: { 'content-type': 'application/json', 'retry-after': '7' },
            })
          : undefined,
    };
    const client = await connect();
    try {
      // The SDK's StreamableHTTPError carries the HTTP status as its code.
      await expect(call(client, 'trigger_run', { suiteId: 'suite_1' })).rejects.toMatchObject({
        code: 429,
        message: expect.stringContaining('slow down'),
      });
      expect(handlers.triggerRun).not.toHaveBeenCalled();
      expect(admissions.at(-1)).toEqual({ toolCalls: ['trigger_run'], messages: 1 });
      // The initialize, initialized and tools/list requests before it were admitted.
      expect(admissions.slice(0, -1).every((a) => a.toolCalls.length === 0)).toBe(true);
    } finally {
      await client.close();
    }
  });
});
