import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, parseRetryAfter, printable } from './call-api';

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('printable', () => {
  it('strips terminal control sequences and bounds the length', () => {
    expect(printable('a\u001b[31mred\u0007')).toBe('a[31mred');
    expect(printable('x'.repeat(600))).toHaveLength(500);
  });
});

describe('createApiClient', () => {
  it('bounds a request that gets no answer with its timeout, retrying it, then fails as timeout', async () => {
    const server = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const retries: string[] = [];
    try {
      const client = createApiClient({
        baseUrl: url,
        token: 'mcpt_x',
        requestTimeoutMs: 150,
        maxRetries: 1,
        sleep: async () => undefined,
        onRetry: (message) => retries.push(message),
      });
      const failure = await client.request({ path: '/api/v1/runs/r' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).code).toBe('timeout');
      expect((failure as ApiError).message).toBe('GET /api/v1/runs/r: no answer within 150 ms');
      expect(retries).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('does not follow redirects (the token stays with the API) and does not retry a 400', async () => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits++;
      if (req.url === '/api/v1/redirect') {
        res.writeHead(302, { location: 'http://elsewhere.example/' });
        return res.end();
      }
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'invalid_body', message: 'branch: too long', details: {} } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const client = createApiClient({ baseUrl: url, token: 'mcpt_x', sleep: async () => undefined });
      const redirect = await client.request({ path: '/api/v1/redirect' }).catch((error: unknown) => error);
      expect((redirect as ApiError).status).toBe(302);
      const bad = await client.json({ method: 'POST', path: '/api/v1/x', body: {} }).catch((e: unknown) => e);
      expect((bad as ApiError).message).toBe('HTTP 400 invalid_body: branch: too long');
      expect((bad as ApiError).apiCode).toBe('invalid_body');
      expect(hits).toBe(2);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
