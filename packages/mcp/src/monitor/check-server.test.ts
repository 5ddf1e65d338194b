// One uptime check against a real server-everything through the SSRF-safe fetch: up with its latency, refused before
// anything is sent when the address is not allowed, down with the session's reason when nothing listens, and the
// fetch's own refusals (the request allowance) named as such.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestBudgetExhaustedError } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { createSafeFetch } from '../net';
import { checkServer } from './check-server';

let server: RunningServer;
const allowing = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
const refusing = createSafeFetch({ allowPrivateNetworks: [] });

beforeAll(async () => {
  server = await startEverythingServer('streamableHttp');
});
afterAll(async () => {
  await server.stop();
  await Promise.all([allowing.close(), refusing.close()]);
});

describe('checkServer', () => {
  it('is up against server-everything: a session and tools/list, with the latency', async () => {
    const result = await checkServer({ url: server.url, transport: 'auto', fetch: allowing, timeoutMs: 10_000 });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.tools).toBeGreaterThan(5);
    expect(result.latencyMs).toBeGreaterThan(0);
    expect(result.latencyMs).toBeLessThan(10_000);
  });

  it('is refused by the SSRF rules when the private address is not allowed, and nothing reaches it', async () => {
    let reached = 0;
    const trap = createServer((req, res) => {
      reached += 1;
      res.end();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(trap.address() as AddressInfo).port}/mcp`;
      const result = await checkServer({ url, transport: 'http', fetch: refusing, timeoutMs: 5_000 });
      expect(result).toMatchObject({ ok: false, reason: 'url_refused' });
      expect(!result.ok && result.error).toMatch(/^refused: 127\.0\.0\.1 is a loopback address/);
      expect(reached).toBe(0);
    } finally {
      await new Promise((resolve) => trap.close(resolve));
    }
  });

  it('is down with the session reason when nothing listens', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const result = await checkServer({ url, transport: 'http', fetch: allowing, timeoutMs: 5_000 });
    expect(result).toMatchObject({ ok: false, reason: 'connect_failed' });
  });

  it('names a refusal of the fetch (the request allowance) rather than "could not connect"', async () => {
    const exhausted = allowing.withGate(() => {
      throw new RequestBudgetExhaustedError({ scope: 'tenant_daily', limit: 1, unit: 'requests' });
    });
    const result = await checkServer({ url: server.url, transport: 'http', fetch: exhausted, timeoutMs: 5_000 });
    expect(result).toMatchObject({ ok: false, reason: 'request_budget_exhausted' });
  });
});
