// The session with the SSRF-safe fetch from ../net as its `fetch`, over both remote transports: the long-lived event
// streams (the legacy SSE GET, the Streamable HTTP notification GET) work through it, and a refused address becomes a
// connect_failed that says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { createSafeFetch, type SafeFetch } from '../net';
import { openSession } from './open-session';
import { isSessionError, type SessionError } from './session-error';

const servers: Partial<Record<'streamableHttp' | 'sse', RunningServer>> = {};
const allowingLoopback: SafeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
const refusingLoopback: SafeFetch = createSafeFetch({ allowPrivateNetworks: [] });

beforeAll(async () => {
  [servers.streamableHttp, servers.sse] = await Promise.all([
    startEverythingServer('streamableHttp'),
    startEverythingServer('sse'),
  ]);
});

afterAll(async () => {
  await Promise.all([servers.streamableHttp?.stop(), servers.sse?.stop()]);
  await Promise.all([allowingLoopback.close(), refusingLoopback.close()]);
});

describe.each(['streamableHttp', 'sse'] as const)('safe fetch against a %s server', (mode) => {
  it('carries the whole session, server notifications included', async () => {
    const session = await openSession({ transport: 'auto', url: servers[mode]?.url, fetch: allowingLoopback });
    try {
      expect(session.transport).toBe(mode === 'sse' ? 'sse' : 'http');
      await session.setLoggingLevel('debug');
      const mark = session.mark();
      await session.callTool('toggle-simulated-logging', {});
      expect(await session.waitForNotification('notifications/message', 3000, { sinceSeq: mark })).toBeDefined();
      await session.callTool('toggle-simulated-logging', {});
    } finally {
      await session.close();
    }
  });

  it('refuses loopback when it is not allowed, saying why', async () => {
    const failure = await openSession({
      transport: mode === 'sse' ? 'sse' : 'http',
      url: servers[mode]?.url,
      fetch: refusingLoopback,
      connectTimeoutMs: 5000,
    }).catch((error: unknown) => error);
    expect(isSessionError(failure, 'connect_failed')).toBe(true);
    expect((failure as SessionError).message).toMatch(
      /^could not connect to http:\/\/127\.0\.0\.1:\d+\/\w+.*: refused: /,
    );
    expect((failure as SessionError).message).toContain('127.0.0.1');
  });
});
