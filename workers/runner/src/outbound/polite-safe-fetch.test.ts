// The worker's outbound fetch as start-worker builds it: the SSRF-safe fetch with the politeness gate inside, against
// a real HTTP server, over real Redis. Names are pointed at the server with an injected resolver (the seam the safe
// fetch has for tests), so `localhost` and `alias.test` reach the same address as `127.0.0.1`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSafeFetch, type HostResolver } from '@mcptest/mcp';
import { createPolitenessGate, PolitenessRefusedError, redisKey } from '@mcptest/redis';
import { useTestRedis } from '../../../../test/redis';

const testRedis = useTestRedis();
const arrivals: string[] = [];
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  arrivals.push(`${req.headers.host} ${req.url}`);
  req.resume();
  res.end('ok');
});
let port = 0;
let caseSeq = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const resolver: HostResolver = async (name) => {
  if (name === 'localhost' || name === 'alias.test') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

function politeFetch(options: { maxInFlightPerHost?: number; maxWaitMs?: number } = {}) {
  return createSafeFetch({
    allowPrivateNetworks: ['127.0.0.0/8', '::1/128'],
    resolve: resolver,
    gate: createPolitenessGate({
      redis: testRedis.redis,
      prefix: redisKey(testRedis.prefix, 'case', (caseSeq += 1)),
      maxInFlightPerHost: options.maxInFlightPerHost ?? 1,
      maxWaitMs: options.maxWaitMs ?? 300,
    }),
  });
}

describe('the worker fetch: politeness keyed on the address the connection goes to', () => {
  it('makes 127.0.0.1, localhost and another name of the same address share one in-flight quota', async () => {
    const fetch = politeFetch();
    try {
      // The body is left unread: the slot stays taken until it is.
      const held = await fetch(`http://127.0.0.1:${port}/held`);
      const before = arrivals.length;
      for (const name of ['localhost', 'alias.test', '127.0.0.1']) {
        const error = await fetch(`http://${name}:${port}/other`).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PolitenessRefusedError);
        expect(error).toMatchObject({ host: name, limit: 'in_flight' });
      }
      expect(arrivals.length).toBe(before);
      await held.body!.cancel();
      await vi.waitFor(async () => expect(await (await fetch(`http://localhost:${port}/after`)).text()).toBe('ok'));
      expect(arrivals.at(-1)).toBe(`localhost:${port} /after`);
    } finally {
      await fetch.close();
    }
  });

  it('holds the slot until the body has been read, and gives it back when the request fails', async () => {
    const fetch = politeFetch();
    try {
      const first = await fetch(`http://alias.test:${port}/first`);
      await expect(fetch(`http://127.0.0.1:${port}/second`)).rejects.toBeInstanceOf(PolitenessRefusedError);
      expect(await first.text()).toBe('ok');
      expect(await (await fetch(`http://127.0.0.1:${port}/second`)).text()).toBe('ok');
      // A connection refused on another port of the same address: the slot comes back with the rejection.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      await expect(fetch(`http://localhost:${closedPort}/`)).rejects.toThrow(TypeError);
      expect(await (await fetch(`http://localhost:${port}/third`)).text()).toBe('ok');
    } finally {
      await fetch.close();
    }
  });
});
