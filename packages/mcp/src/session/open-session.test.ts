// Sessions against the real @modelcontextprotocol/server-everything, in both remote modes: one server per mode for the
// whole file, a fresh session per test. Each transport (http, sse, and auto against each mode) runs the same feature
// table, so a transport that drops, reorders or misroutes messages fails here. The table runs concurrently (sessions
// are independent; the servers serve many at once), which keeps the file fast despite the timing tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { openSession, type OpenSessionOptions } from './open-session';
import type { McpSession } from './mcp-session';
import { isSessionError, SessionError } from './session-error';

type Mode = 'streamableHttp' | 'sse';

const servers = {} as Record<Mode, RunningServer>;

beforeAll(async () => {
  const [http, sse] = await Promise.all([startEverythingServer('streamableHttp'), startEverythingServer('sse')]);
  servers.streamableHttp = http;
  servers.sse = sse;
});

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
});

interface FetchRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** The global fetch, recording every request: proves the injected fetch carries all of the session's traffic. */
function recordingFetch(): { fetch: OpenSessionOptions['fetch'] & object; requests: FetchRecord[] } {
  const requests: FetchRecord[] = [];
  return {
    requests,
    fetch: (url, init) => {
      requests.push({
        method: init?.method ?? 'GET',
        url: String(url),
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      });
      return fetch(url, init);
    },
  };
}

const ALL_MOCKS: OpenSessionOptions['capabilities'] = {
  roots: [{ uri: 'file:///tmp/mcptest-root', name: 'mcptest-root' }],
  sampling: { text: 'canned LLM reply' },
  elicitation: { action: 'accept', content: { name: 'Ada' } },
};

async function withSession<T>(options: OpenSessionOptions, body: (session: McpSession) => Promise<T>): Promise<T> {
  const session = await openSession(options);
  try {
    return await body(session);
  } finally {
    await session.close();
  }
}

function textOf(result: { content?: unknown }): string {
  return JSON.stringify(result.content);
}

const CASES = [
  { transport: 'http', mode: 'streamableHttp', expected: 'http' },
  { transport: 'sse', mode: 'sse', expected: 'sse' },
  { transport: 'auto', mode: 'streamableHttp', expected: 'http' },
  { transport: 'auto', mode: 'sse', expected: 'sse' },
] as const;

describe.concurrent.each(CASES)('transport $transport against a $mode server', ({ transport, mode, expected }) => {
  const options = (extra: Partial<OpenSessionOptions> = {}): OpenSessionOptions => ({
    transport,
    url: servers[mode].url,
    connectTimeoutMs: 10_000,
    requestTimeoutMs: 5_000,
    ...extra,
  });

  it('records what was negotiated, lists every tool and calls echo', async ({ expect }) => {
    await withSession(options({ capabilities: ALL_MOCKS }), async (session) => {
      expect(session.transport).toBe(expected);
      expect(session.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(session.serverInfo.name).toMatch(/everything/i);
      expect(session.serverCapabilities.tools).toBeDefined();
      expect(session.instructions).toBeTruthy();
      expect(session.isOpen).toBe(true);

      const { tools, pages, truncated } = await session.listAllTools();
      const names = tools.map((tool) => tool.name);
      // The sampling and roots tools are registered only because we declared those capabilities.
      expect(names).toEqual(
        expect.arrayContaining([
          'echo',
          'trigger-long-running-operation',
          'trigger-sampling-request',
          'get-roots-list',
        ]),
      );
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(truncated).toBe(false);

      const call = await session.callTool('echo', { message: 'hello session' });
      expect(textOf(call.result)).toContain('hello session');
      expect(call.result.isError).not.toBe(true);
      expect(call.durationMs).toBeGreaterThanOrEqual(0);
    });
  });

  it('declares no client capabilities it was not given', async ({ expect }) => {
    await withSession(options(), async (session) => {
      const names = (await session.listAllTools()).tools.map((tool) => tool.name);
      expect(names).toContain('echo');
      expect(names).not.toContain('trigger-sampling-request');
      expect(names).not.toContain('get-roots-list');
    });
  });

  it('answers the server with the canned sampling reply, elicitation values and roots', async ({ expect }) => {
    await withSession(options({ capabilities: ALL_MOCKS }), async (session) => {
      const mark = session.mark();
      const sampled = await session.callTool('trigger-sampling-request', { prompt: 'say hi', maxTokens: 5 });
      expect(textOf(sampled.result)).toContain('canned LLM reply');
      expect(textOf(sampled.result)).toContain('mock');
      // The server's request and our answer are in the transcript, in that order.
      const entries = session.transcript(mark);
      const request = entries.find((e) => e.direction === 'received' && e.method === 'sampling/createMessage');
      expect(request).toBeDefined();
      const answer = entries.find((e) => e.direction === 'sent' && e.kind === 'result' && e.id === request?.id);
      expect(answer?.seq).toBeGreaterThan(request?.seq ?? Infinity);

      const elicited = await session.callTool('trigger-elicitation-request', {});
      expect(textOf(elicited.result)).toContain('Ada');

      const roots = await session.callTool('get-roots-list', {});
      expect(textOf(roots.result)).toContain('file:///tmp/mcptest-root');
      expect(textOf(roots.result)).toContain('mcptest-root');
    });
  });

  it('resets the timeout on progress, and times out without the reset', async ({ expect }) => {
    await withSession(options(), async (session) => {
      // 4 steps 500 ms apart: each gap is well inside 1500 ms (with room for a loaded machine), the whole call (2 s)
      // is not.
      const seen: number[] = [];
      const ok = await session.callTool(
        'trigger-long-running-operation',
        { duration: 2, steps: 4 },
        { timeoutMs: 1500, onProgress: (p) => seen.push(p.progress) },
      );
      expect(textOf(ok.result)).toContain('Long running operation completed');
      expect(ok.progressNotifications).toBe(4);
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(ok.durationMs).toBeGreaterThan(1500);
      const progress = session.notifications().filter((n) => n.method === 'notifications/progress');
      expect(progress).toHaveLength(4);

      const failure = await session
        .callTool(
          'trigger-long-running-operation',
          { duration: 2, steps: 4 },
          {
            timeoutMs: 1500,
            resetTimeoutOnProgress: false,
          },
        )
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SessionError);
      expect((failure as SessionError).code).toBe('timeout');
      expect((failure as SessionError).message).toContain('tools/call "trigger-long-running-operation"');
      expect((failure as SessionError).message).toContain('1500 ms');
    });
  });

  it('enforces the total time limit even while progress keeps arriving', async ({ expect }) => {
    await withSession(options(), async (session) => {
      const failure = await session
        .callTool(
          'trigger-long-running-operation',
          { duration: 1.2, steps: 6 },
          {
            // Progress every 200 ms keeps the 800 ms timer alive; only the total limit can end the call.
            timeoutMs: 800,
            maxTotalTimeoutMs: 500,
          },
        )
        .catch((error: unknown) => error);
      expect(isSessionError(failure, 'timeout')).toBe(true);
      expect((failure as SessionError).message).toContain('total time limit of 500 ms');
      // The session survives a timed-out call.
      expect(textOf((await session.callTool('echo', { message: 'still here' })).result)).toContain('still here');
    });
  });

  it('lists, reads and subscribes to resources, and receives the update notification', async ({ expect }) => {
    await withSession(options(), async (session) => {
      const listed = await session.listResources();
      expect(listed.resources.length).toBeGreaterThan(0);
      const first = listed.resources[0];
      if (!first) throw new Error('no resource');
      const read = await session.readResource(first.uri);
      expect(read.contents[0]?.uri).toBe(first.uri);
      const templates = await session.listResourceTemplates();
      expect(templates.resourceTemplates.map((t) => t.uriTemplate).join(' ')).toContain('demo://resource/dynamic');

      const mark = session.mark();
      await session.subscribeResource(first.uri);
      // server-everything sends one update at once when the toggle turns on, then every 5 s.
      await session.callTool('toggle-subscriber-updates', {});
      try {
        const update = await session.waitForNotification(
          (n) => n.method === 'notifications/resources/updated' && n.params?.uri === first.uri,
          3000,
          { sinceSeq: mark },
        );
        expect(update?.params?.uri).toBe(first.uri);
      } finally {
        await session.callTool('toggle-subscriber-updates', {});
        await session.unsubscribeResource(first.uri);
      }
    });
  });

  it('gets prompts and completions', async ({ expect }) => {
    await withSession(options(), async (session) => {
      const prompts = await session.listPrompts();
      expect(prompts.prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt']));
      const prompt = await session.getPrompt('args-prompt', { city: 'Lisbon' });
      expect(JSON.stringify(prompt.messages)).toContain('Lisbon');

      const departments = await session.complete(
        { type: 'ref/prompt', name: 'completable-prompt' },
        { name: 'department', value: 'S' },
      );
      expect(departments.completion.values).toEqual(['Sales', 'Support']);
      const people = await session.complete(
        { type: 'ref/prompt', name: 'completable-prompt' },
        { name: 'name', value: '' },
        { contextArguments: { department: 'Engineering' } },
      );
      expect(people.completion.values).toEqual(['Alice', 'Bob', 'Charlie']);
    });
  });

  it('sets the logging level and captures log notifications', async ({ expect }) => {
    await withSession(options(), async (session) => {
      await session.setLoggingLevel('debug');
      const mark = session.mark();
      // Toggling starts simulated logging, which sends one message at once.
      await session.callTool('toggle-simulated-logging', {});
      try {
        const log = await session.waitForNotification('notifications/message', 3000, { sinceSeq: mark });
        expect(log?.params?.level).toEqual(expect.any(String));
        expect(String(log?.params?.data)).toMatch(/message/i);
      } finally {
        await session.callTool('toggle-simulated-logging', {});
      }
    });
  });

  it('rejects a result over maxResultBytes with a typed error and stays usable', async ({ expect }) => {
    await withSession(options({ maxResultBytes: 20_000 }), async (session) => {
      const failure = await session.callTool('echo', { message: 'x'.repeat(30_000) }).catch((error: unknown) => error);
      expect(isSessionError(failure, 'result_too_large')).toBe(true);
      expect((failure as SessionError).message).toMatch(
        /^the response to tools\/call "echo" is \d+ bytes, over the 20000-byte limit$/,
      );
      const big = session.transcript().find((e) => 'omitted' in e.message);
      expect(big?.message).toEqual({ omitted: 'too_large', bytes: expect.any(Number) });
      expect(textOf((await session.callTool('echo', { message: 'small' })).result)).toContain('small');
    });
  });

  it('keeps isError results as results, and reports JSON-RPC errors with the server error', async ({ expect }) => {
    await withSession(options(), async (session) => {
      // This SDK's servers answer an unknown tool with an isError result: a result, not an exception.
      const unknown = await session.callTool('no-such-tool', {});
      expect(unknown.result.isError).toBe(true);
      expect(textOf(unknown.result)).toContain('no-such-tool');
      // Arguments that are not an object fail the server's request schema: a JSON-RPC error.
      const failure = await session.callTool('echo', 'not-an-object' as never).catch((error: unknown) => error);
      expect(isSessionError(failure, 'tool_call_failed')).toBe(true);
      expect((failure as SessionError).rpcError?.code).toEqual(expect.any(Number));
      expect((failure as SessionError).message).toMatch(
        /^tools\/call "echo" failed: the server answered with error -?\d+: /,
      );
      const missing = await session.getPrompt('no-such-prompt').catch((error: unknown) => error);
      expect(isSessionError(missing, 'request_failed')).toBe(true);
      expect((missing as SessionError).rpcError?.message).toMatch(/no-such-prompt/);
    });
  });

  it('records every message of the session in order in the transcript', async ({ expect }) => {
    await withSession(options(), async (session) => {
      await session.callTool('echo', { message: 'transcribed' });
      const entries = session.transcript();
      expect(entries.map((e) => e.seq)).toEqual(entries.map((_, index) => index + 1));
      expect(entries[0]).toMatchObject({ direction: 'sent', kind: 'request', method: 'initialize' });
      expect(entries[1]).toMatchObject({ direction: 'received', kind: 'result', id: entries[0]?.id });
      expect(entries[2]).toMatchObject({
        direction: 'sent',
        kind: 'notification',
        method: 'notifications/initialized',
      });
      const call = entries.find((e) => e.method === 'tools/call');
      const reply = entries.find((e) => e.direction === 'received' && e.id === call?.id);
      expect(JSON.stringify(reply?.message)).toContain('transcribed');
      expect(entries.every((e) => typeof e.at === 'number')).toBe(true);
    });
  });

  it('routes every request through the injected fetch with the static headers, and closes cleanly', async ({
    expect,
  }) => {
    const { fetch, requests } = recordingFetch();
    const session = await openSession(options({ fetch, headers: { 'X-Mcptest-Probe': 'probe-value' } }));
    await session.callTool('echo', { message: 'via fetch' });
    await session.close();
    await session.close();
    expect(session.isOpen).toBe(false);

    const methods = new Set(requests.map((r) => r.method));
    expect(methods.has('POST')).toBe(true);
    // The SSE stream (legacy) or the standalone notification stream (Streamable HTTP) is a GET through it too.
    expect(methods.has('GET')).toBe(true);
    const sessionRequests = requests.filter(
      (r) => !(transport === 'auto' && mode === 'sse' && r.method === 'POST' && r.url === servers.sse.url),
    );
    expect(sessionRequests.every((r) => r.headers['x-mcptest-probe'] === 'probe-value')).toBe(true);
    if (expected === 'http') {
      const deletes = requests.filter((r) => r.method === 'DELETE');
      expect(deletes).toHaveLength(1);
      expect(deletes[0]?.headers['mcp-session-id']).toBeTruthy();
      await expect
        .poll(() => servers.streamableHttp.output())
        .toContain(`Received session termination request for session ${deletes[0]?.headers['mcp-session-id']}`);
    } else {
      expect(methods.has('DELETE')).toBe(false);
    }

    const after = await session.callTool('echo', { message: 'too late' }).catch((error: unknown) => error);
    expect(isSessionError(after, 'closed')).toBe(true);
    expect(await session.waitForNotification('notifications/message', 1000)).toBeUndefined();
  });
});

describe('auto against a legacy SSE server', () => {
  it('tries the Streamable HTTP POST first and falls back to the SSE GET after the 404', async () => {
    const { fetch, requests } = recordingFetch();
    await withSession({ transport: 'auto', url: servers.sse.url, fetch }, async (session) => {
      expect(session.transport).toBe('sse');
    });
    // The server/discover probe (protocol auto), then the 2025 initialize POST, then the SSE GET.
    expect(requests[0]).toMatchObject({ method: 'POST', url: servers.sse.url });
    expect(requests[1]).toMatchObject({ method: 'POST', url: servers.sse.url });
    expect(requests[2]).toMatchObject({ method: 'GET', url: servers.sse.url });
  });
});

describe('client handlers', () => {
  it('passes the server request to a sampling handler, and answers elicitation with a canned decline', async () => {
    const prompts: string[] = [];
    const options: OpenSessionOptions = {
      transport: 'http',
      url: servers.streamableHttp.url,
      capabilities: {
        sampling: (params) => {
          prompts.push(JSON.stringify(params.messages));
          return { role: 'assistant', content: { type: 'text', text: 'from handler' }, model: 'handler-model' };
        },
        elicitation: { action: 'decline' },
      },
    };
    await withSession(options, async (session) => {
      const sampled = await session.callTool('trigger-sampling-request', { prompt: 'handler prompt' });
      expect(textOf(sampled.result)).toContain('from handler');
      expect(textOf(sampled.result)).toContain('handler-model');
      expect(prompts.join()).toContain('handler prompt');
      const elicited = await session.callTool('trigger-elicitation-request', {});
      expect(textOf(elicited.result)).toMatch(/declined/i);
    });
  });
});

describe('connection failures', () => {
  it.each(['http', 'sse', 'auto'] as const)(
    '%s: a closed port is connect_failed, "connection refused"',
    async (transport) => {
      // A port the OS just handed out and nobody listens on.
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/mcp`;
      const failure = await openSession({
        transport,
        url,
        headers: { Authorization: 'Bearer sk-live-secret-token' },
        connectTimeoutMs: 5000,
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SessionError);
      expect((failure as SessionError).code).toBe('connect_failed');
      expect((failure as SessionError).message).toMatch(
        new RegExp(`^could not connect to http://127\\.0\\.0\\.1:${port}/mcp( over legacy SSE)?: connection refused$`),
      );
      expect((failure as SessionError).message).not.toContain('sk-live-secret-token');
    },
  );

  it.each([
    {
      transport: 'http',
      status: 500,
      expected:
        /^could not connect to http:\/\/127\.0\.0\.1:\d+\/mcp: the initialize POST was answered with HTTP 500: token \*\*\* rejected$/,
    },
    {
      transport: 'auto',
      status: 500,
      expected:
        /^could not connect to http:\/\/127\.0\.0\.1:\d+\/mcp: the initialize POST was answered with HTTP 500: token \*\*\* rejected$/,
    },
    {
      transport: 'auto',
      status: 405,
      expected:
        /^could not connect to http:\/\/127\.0\.0\.1:\d+\/mcp: the Streamable HTTP POST was answered with HTTP 405, and the legacy SSE fallback failed: the SSE GET was answered with HTTP 405$/,
    },
  ] as const)('$transport: HTTP $status is connect_failed, and echoed credentials are masked', async (row) => {
    // A server that answers everything with `status` and echoes the credential it was sent, as careless servers do.
    const methods: string[] = [];
    const echoing = http.createServer((request, response) => {
      methods.push(request.method ?? '');
      const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      response.writeHead(row.status, { 'content-type': 'text/plain' }).end(`token ${token} rejected`);
    });
    await new Promise<void>((resolve) => echoing.listen(0, '127.0.0.1', resolve));
    const { port } = echoing.address() as AddressInfo;
    try {
      const failure = await openSession({
        transport: row.transport,
        url: `http://127.0.0.1:${port}/mcp`,
        headers: { Authorization: 'Bearer sk-live-secret-token' },
        connectTimeoutMs: 5000,
      }).catch((error: unknown) => error);
      expect(isSessionError(failure, 'connect_failed')).toBe(true);
      expect((failure as SessionError).httpStatus).toBe(row.status);
      expect((failure as SessionError).message).toMatch(row.expected);
      // The server/discover probe (protocol auto) is not answered as a modern server, so the 2025 initialize POST
      // follows; the spec's SSE fallback happens on a 4xx only.
      expect(methods).toEqual(row.status === 405 ? ['POST', 'POST', 'GET'] : ['POST', 'POST']);
    } finally {
      await new Promise((resolve) => echoing.close(resolve));
    }
  });

  it.each([
    // Over HTTP the first POST is the server/discover probe (protocol auto), the second the 2025 initialize.
    { transport: 'auto', post: 200, said: 'HTTP 200 text/html to the initialize POST', methods: ['POST', 'POST'] },
    { transport: 'http', post: 200, said: 'HTTP 200 text/html to the initialize POST', methods: ['POST', 'POST'] },
    {
      transport: 'auto',
      post: 405,
      said: 'HTTP 405 to the initialize POST, then HTTP 200 text/html to the SSE GET',
      methods: ['POST', 'POST', 'GET'],
    },
    { transport: 'sse', post: 405, said: 'HTTP 200 text/html to the SSE GET', methods: ['GET'] },
  ] as const)(
    '$transport: a web page (POST answered $post) is "did not answer as an MCP server", not "SSE GET ... HTTP 200"',
    async (row) => {
      // A website where the MCP endpoint should be: GET gives a page, POST gives the page too or a 405.
      const methods: string[] = [];
      const website = http.createServer((request, response) => {
        methods.push(request.method ?? '');
        const status = request.method === 'POST' ? row.post : 200;
        response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body>Hi</body></html>');
      });
      await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
      const { port } = website.address() as AddressInfo;
      try {
        const failure = await openSession({
          transport: row.transport,
          url: `http://127.0.0.1:${port}/`,
          connectTimeoutMs: 5000,
        }).catch((error: unknown) => error);
        expect(isSessionError(failure, 'connect_failed')).toBe(true);
        expect((failure as SessionError).message).toBe(
          `could not connect to http://127.0.0.1:${port}/${row.transport === 'sse' ? ' over legacy SSE' : ''}: ` +
            `this URL did not answer as an MCP server (${row.said}); check that it is the server's MCP endpoint ` +
            '(often ending in /mcp or /sse)',
        );
        expect(methods).toEqual(row.methods);
      } finally {
        await new Promise((resolve) => website.close(resolve));
      }
    },
  );

  it.each([
    { transport: 'stdio', options: {}, code: 'stdio_not_allowed', message: /only the CLI/ },
    { transport: 'http', options: {}, code: 'invalid_options', message: /needs a URL/ },
    { transport: 'http', options: { url: 'ftp://example.com/mcp' }, code: 'invalid_options', message: /not an http/ },
    { transport: 'sse', options: { url: 'not a url' }, code: 'invalid_options', message: /not a valid URL/ },
  ] as const)('$transport with $options is refused: $code', async ({ transport, options, code, message }) => {
    const failure = await openSession({ transport, command: 'node', ...options }).catch((error: unknown) => error);
    expect(isSessionError(failure, code)).toBe(true);
    expect((failure as SessionError).message).toMatch(message);
  });
});
