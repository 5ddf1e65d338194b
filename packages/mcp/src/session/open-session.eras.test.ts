// Both protocol eras through one session API, against real servers over real HTTP: server-everything (2025 era, SDK
// v1 server) and a modern-only SDK v2 server (2026-07-28, `legacy: 'reject'`) serving the same tools, resource and
// prompt. The same calls give the same results; `auto` detects each; every request goes through the SSRF-safe fetch;
// and a stateless modern server costs one HTTP request per call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { startModernServer, type ModernServer } from '../../../../test/modern-server';
import { createSafeFetch, type SafeFetch } from '../net';
import type { McpSession } from './mcp-session';
import { openSession } from './open-session';
import { isSessionError, type SessionError } from './session-error';

let everything: RunningServer;
let modern: ModernServer;
const safeFetch: SafeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });

beforeAll(async () => {
  [everything, modern] = await Promise.all([startEverythingServer('streamableHttp'), startModernServer()]);
});

afterAll(async () => {
  await Promise.all([everything?.stop(), modern?.stop()]);
  await safeFetch.close();
});

/** What a suite would assert on, taken from one session: the same for both servers. */
async function observe(session: McpSession) {
  const { tools } = await session.listAllTools();
  const echo = await session.callTool('echo', { message: 'hello eras' });
  const sum = await session.callTool('get-sum', { a: 2, b: 3 });
  const { resources } = await session.listResources();
  const doc = resources.find((r) => r.uri === 'demo://resource/static/document/features.md');
  const read = await session.readResource('demo://resource/static/document/features.md');
  const prompt = await session.getPrompt('simple-prompt');
  return {
    echoTool: tools.find((t) => t.name === 'echo')?.inputSchema.properties,
    sumTool: tools.find((t) => t.name === 'get-sum')?.annotations,
    echo: { content: echo.result.content, isError: echo.result.isError ?? false },
    sum: sum.result.content,
    doc: doc && { name: doc.name, mimeType: doc.mimeType },
    read: read.contents.map((c) => ({ uri: c.uri, mimeType: c.mimeType, text: 'text' in c ? c.text : undefined })),
    prompt: prompt.messages,
  };
}

async function withSession<T>(
  url: string,
  protocol: 'auto' | 'modern' | 'legacy' | '2025-06-18',
  use: (session: McpSession) => Promise<T>,
): Promise<T> {
  const session = await openSession({ transport: 'http', url, protocol, fetch: safeFetch });
  try {
    return await use(session);
  } finally {
    await session.close();
  }
}

describe('one session API, two eras', () => {
  it('auto detects each era, and the same calls give the same results', async () => {
    const [legacy, current] = await Promise.all([
      withSession(everything.url, 'auto', async (s) => ({
        era: s.era,
        version: s.protocolVersion,
        seen: await observe(s),
      })),
      withSession(modern.url, 'auto', async (s) => ({
        era: s.era,
        version: s.protocolVersion,
        seen: await observe(s),
      })),
    ]);
    expect(legacy.era).toBe('legacy');
    expect(legacy.version).toBe('2025-11-25');
    expect(current.era).toBe('modern');
    expect(current.version).toBe('2026-07-28');
    expect(current.seen).toEqual(legacy.seen);
    expect(current.seen.echo.content).toEqual([{ type: 'text', text: 'Echo: hello eras' }]);
    expect(current.seen.sum).toEqual([{ type: 'text', text: 'The sum of 2 and 3 is 5.' }]);
    expect(current.seen.read[0]?.text).toContain('#');
  });

  it('a stateless modern server costs one HTTP request per call (and one server/discover per session)', async () => {
    const before = modern.requests().length;
    await withSession(modern.url, 'modern', async (session) => {
      const afterOpen = modern.requests().slice(before);
      expect(afterOpen).toEqual(['POST server/discover']);
      for (let i = 0; i < 3; i++) await session.callTool('echo', { message: `call ${i}` });
      await session.listTools();
      expect(modern.requests().slice(before)).toEqual([
        'POST server/discover',
        'POST tools/call',
        'POST tools/call',
        'POST tools/call',
        'POST tools/list',
      ]);
      // The transcript sees the modern exchange as it does a 2025 one, minus the handshake.
      expect(session.transcript().map((e) => `${e.direction} ${e.method ?? e.kind}`)).toEqual([
        'sent server/discover',
        'received result',
        'sent tools/call',
        'received result',
        'sent tools/call',
        'received result',
        'sent tools/call',
        'received result',
        'sent tools/list',
        'received result',
      ]);
      expect(session.sessionId).toBeUndefined();
    });
    // Closing a stateless session sends nothing (there is no session to DELETE).
    expect(modern.requests().slice(before)).toHaveLength(5);
  });

  it('a session that adopts an earlier server/discover result sends no request of its own', async () => {
    const first = await openSession({ transport: 'http', url: modern.url, protocol: 'modern', fetch: safeFetch });
    const discovery = first.discovery;
    await first.close();
    expect(discovery).toBeDefined();
    const before = modern.requests().length;
    const second = await openSession({
      transport: 'http',
      url: modern.url,
      protocol: 'modern',
      fetch: safeFetch,
      priorDiscovery: discovery!,
    });
    try {
      expect(modern.requests().slice(before)).toEqual([]);
      expect(second.era).toBe('modern');
      expect(second.protocolVersion).toBe('2026-07-28');
      expect(second.serverInfo.name).toBe('mcptest-modern-fixture');
      const echo = await second.callTool('echo', { message: 'adopted' });
      expect(echo.result.content).toEqual([{ type: 'text', text: 'Echo: adopted' }]);
      expect(modern.requests().slice(before)).toEqual(['POST tools/call']);
    } finally {
      await second.close();
    }
    // The 2025 era has nothing to adopt.
    await withSession(everything.url, 'legacy', async (session) => expect(session.discovery).toBeUndefined());
  });

  it('elicitation in the modern era: input_required is answered by the same canned reply, then the call retried', async () => {
    const before = modern.requests().length;
    const session = await openSession({
      transport: 'http',
      url: modern.url,
      protocol: 'modern',
      fetch: safeFetch,
      capabilities: { elicitation: { action: 'accept', content: { confirm: true } } },
    });
    try {
      const outcome = await session.callTool('confirm-deploy', { env: 'prod' });
      expect(outcome.result.content).toEqual([{ type: 'text', text: 'deploy to prod: confirmed' }]);
      // No server-to-client request: the tools/call answered input_required, and the retry carried the answer.
      expect(modern.requests().slice(before)).toEqual(['POST server/discover', 'POST tools/call', 'POST tools/call']);
    } finally {
      await session.close();
    }
    // Without the capability the server cannot ask, and says so.
    const failure = await withSession(modern.url, 'modern', (s) => s.callTool('confirm-deploy', { env: 'prod' })).catch(
      (error: unknown) => error,
    );
    expect(isSessionError(failure, 'tool_call_failed')).toBe(true);
    expect((failure as SessionError).message).toContain('do not declare the required capability');
  });

  it('a JSON-RPC error in the modern era is the same SessionError as in the 2025 era', async () => {
    const failure = await withSession(modern.url, 'modern', (s) => s.readResource('demo://nowhere')).catch(
      (error: unknown) => error,
    );
    expect(isSessionError(failure, 'request_failed')).toBe(true);
    expect((failure as SessionError).rpcError?.code).toBeTypeOf('number');
    expect((failure as SessionError).message).toMatch(
      /^resources\/read "demo:\/\/nowhere" failed: the server answered/,
    );
  });

  it('modern refuses a 2025-only server, and legacy refuses a modern-only one, each saying why', async () => {
    const notModern = await openSession({ transport: 'http', url: everything.url, protocol: 'modern' }).catch(
      (error: unknown) => error,
    );
    expect(isSessionError(notModern, 'connect_failed')).toBe(true);
    expect((notModern as SessionError).message).toContain('did not answer server/discover as a 2026-07-28 server');

    const notLegacy = await openSession({ transport: 'http', url: modern.url, protocol: 'legacy' }).catch(
      (error: unknown) => error,
    );
    expect(isSessionError(notLegacy, 'connect_failed')).toBe(true);
    expect((notLegacy as SessionError).message).toContain('Unsupported protocol version: 2025-11-25');
  });

  it('an older 2025 revision is offered as asked', async () => {
    const version = await withSession(everything.url, '2025-06-18', async (s) => {
      expect((await s.callTool('echo', { message: 'x' })).result.content).toEqual([{ type: 'text', text: 'Echo: x' }]);
      return `${s.era} ${s.protocolVersion}`;
    });
    expect(version).toBe('legacy 2025-06-18');
  });

  it('the modern era goes through the SSRF-safe fetch: a refused address is refused', async () => {
    const refusing = createSafeFetch({ allowPrivateNetworks: [] });
    const before = modern.requests().length;
    try {
      const failure = await openSession({
        transport: 'http',
        url: modern.url,
        protocol: 'modern',
        fetch: refusing,
      }).catch((error: unknown) => error);
      expect(isSessionError(failure, 'connect_failed')).toBe(true);
      expect((failure as SessionError).message).toMatch(/private|loopback|not allowed|refused/i);
      expect(modern.requests()).toHaveLength(before);
    } finally {
      await refusing.close();
    }
  });

  it.each([
    [
      { transport: 'stdio', command: 'node', allowStdio: true, protocol: 'modern' },
      'stdio servers are spoken to in the 2025 era',
    ],
    [
      { transport: 'stdio', command: 'node', allowStdio: true, protocol: '2025-06-18' },
      'stdio servers are spoken to in the 2025 era',
    ],
    [
      { transport: 'sse', url: 'http://127.0.0.1:9/sse', protocol: '2026-07-28' },
      'the legacy SSE transport exists only in the 2025 era',
    ],
  ] as const)('refuses an era the transport does not have: %j', async (options, message) => {
    const failure = await openSession(options).catch((error: unknown) => error);
    expect(isSessionError(failure, 'invalid_options')).toBe(true);
    expect((failure as SessionError).message).toContain(message);
  });
});
