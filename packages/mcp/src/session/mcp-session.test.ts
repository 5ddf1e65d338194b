// How an open session fails: the server dies under it, the caller cancels, or the server's HTTP endpoint goes away.
// Real servers (server-everything over stdio and Streamable HTTP), one per test, since each test breaks its server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startEverythingServer } from '../../../../test/mcp-servers';
import { openSession } from './open-session';
import { TASK_POLL_MIN_MS } from './mcp-session';
import { isSessionError, type SessionError } from './session-error';

const BIN = path.resolve('node_modules/.bin/mcp-server-everything');

function openStdio() {
  return openSession({ transport: 'stdio', command: BIN, args: ['stdio'], allowStdio: true, requestTimeoutMs: 5000 });
}

it('a stdio server that dies turns the next call into connection_lost', async () => {
  const session = await openStdio();
  try {
    const waiting = session.waitForNotification('notifications/message', 10_000);
    process.kill(session.pid ?? -1, 'SIGKILL');
    await expect.poll(() => session.isOpen).toBe(false);
    // Waiters learn at once that nothing more will come.
    expect(await waiting).toBeUndefined();
    const failure = await session.callTool('echo', { message: 'anyone?' }).catch((error: unknown) => error);
    expect(isSessionError(failure, 'connection_lost')).toBe(true);
    expect((failure as SessionError).message).toMatch(
      /^tools\/call "echo" failed: the connection to .*mcp-server-everything stdio was lost/,
    );
  } finally {
    await session.close();
  }
});

it('an aborted signal cancels the call, and the session stays usable', async () => {
  const session = await openStdio();
  try {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const failure = await session
      .callTool('trigger-long-running-operation', { duration: 1, steps: 5 }, { signal: controller.signal })
      .catch((error: unknown) => error);
    expect(isSessionError(failure, 'cancelled')).toBe(true);
    expect((failure as SessionError).message).toBe('tools/call "trigger-long-running-operation" was cancelled');
    // The SDK told the server the request was cancelled.
    expect(session.transcript().some((e) => e.method === 'notifications/cancelled')).toBe(true);
    const alreadyAborted = await session.listTools({}, { signal: controller.signal }).catch((error: unknown) => error);
    expect(isSessionError(alreadyAborted, 'cancelled')).toBe(true);
    expect(JSON.stringify((await session.callTool('echo', { message: 'after' })).result)).toContain('after');
  } finally {
    await session.close();
  }
});

it('an HTTP server that goes away turns the next call into transport_error, and close still resolves', async () => {
  const server = await startEverythingServer('streamableHttp');
  const session = await openSession({ transport: 'http', url: server.url, requestTimeoutMs: 5000 });
  try {
    await server.stop();
    const failure = await session.callTool('echo', { message: 'gone' }).catch((error: unknown) => error);
    expect(isSessionError(failure, 'transport_error')).toBe(true);
    expect((failure as SessionError).message).toBe(
      `sending tools/call "echo" to ${server.url} failed: connection refused`,
    );
  } finally {
    await session.close();
    await server.stop();
  }
  expect(session.isOpen).toBe(false);
});

it('calls a tool that requires a task as a task: tools/call creates it, tasks/get polls, tasks/result answers', async () => {
  const server = await startEverythingServer('streamableHttp');
  const session = await openSession({ transport: 'http', url: server.url, requestTimeoutMs: 20_000 });
  try {
    const mark = session.mark();
    // A plain call is answered with the server's refusal naming task support.
    const plain = await session.callTool('simulate-research-query', { topic: 'tides' });
    expect(JSON.stringify(plain.result)).toMatch(/requires task augmentation/);
    const called = await session.callTool('simulate-research-query', { topic: 'tides' }, { task: true });
    expect(called.result.isError).not.toBe(true);
    expect(JSON.stringify(called.result.content)).toContain('Research Report: tides');
    const sent = session
      .transcript(mark)
      .filter((e) => e.direction === 'sent' && e.method !== undefined)
      .map((e) => e.method);
    expect(sent[0]).toBe('tools/call');
    expect(sent).toContain('tasks/get');
    expect(sent.at(-1)).toBe('tasks/result');

    // Past its deadline, the task is cancelled and the call is a timeout naming the task.
    const failure = await session
      .callTool('simulate-research-query', { topic: 'slow' }, { task: true, timeoutMs: 1500 })
      .catch((error: unknown) => error);
    expect(isSessionError(failure, 'timeout')).toBe(true);
    expect((failure as SessionError).message).toMatch(
      /^tools\/call "simulate-research-query" timed out after 1500 ms: its task \S+ was still working$/,
    );
    expect(session.transcript().some((e) => e.direction === 'sent' && e.method === 'tasks/cancel')).toBe(true);
  } finally {
    await session.close();
    await server.stop();
  }
}, 60_000);

it('takes a plain result from a server that ignores the task a tools/call asks for', async () => {
  // A minimal Streamable HTTP server without tasks: JSON answers, `task` in tools/call params ignored.
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST') return void response.writeHead(405).end();
      const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      const result =
        message.method === 'initialize'
          ? {
              protocolVersion: message.params?.protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: 'plain', version: '1' },
            }
          : { content: [{ type: 'text', text: 'plain answer' }] };
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const session = await openSession({ transport: 'http', url: `http://127.0.0.1:${port}/mcp`, requestTimeoutMs: 5000 });
  try {
    const called = await session.callTool('anything', {}, { task: true });
    expect(called.result.content).toEqual([{ type: 'text', text: 'plain answer' }]);
    const sent = session.transcript().find((e) => e.direction === 'sent' && e.method === 'tools/call');
    expect(JSON.stringify(sent)).toContain('"task":{}');
  } finally {
    await session.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

it('polls a task no faster than TASK_POLL_MIN_MS, whatever pollInterval a server asks for', async () => {
  // A hostile server: every tools/call becomes a task that stays `working` and asks to be polled every 0 ms.
  let polls = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST') return void response.writeHead(405).end();
      const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      const now = new Date().toISOString();
      const task = { taskId: 't1', status: 'working', pollInterval: 0, createdAt: now, lastUpdatedAt: now, ttl: null };
      if (message.method === 'tasks/get') polls++;
      const result =
        message.method === 'initialize'
          ? {
              protocolVersion: message.params?.protocolVersion,
              capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } },
              serverInfo: { name: 'eager', version: '1' },
            }
          : message.method === 'tools/call'
            ? { task }
            : message.method === 'tasks/get'
              ? task
              : {};
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const session = await openSession({ transport: 'http', url: `http://127.0.0.1:${port}/mcp`, requestTimeoutMs: 5000 });
  try {
    const failure = await session
      .callTool('anything', {}, { task: true, timeoutMs: 1000 })
      .catch((error: unknown) => error);
    expect(isSessionError(failure, 'timeout')).toBe(true);
    // At most one poll per TASK_POLL_MIN_MS in the second the call had (without the floor: hundreds).
    expect(polls).toBeGreaterThan(0);
    expect(polls).toBeLessThanOrEqual(Math.ceil(1000 / TASK_POLL_MIN_MS));
  } finally {
    await session.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
