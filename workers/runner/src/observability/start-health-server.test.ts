import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerMetrics } from './metrics';
import {
  startHealthServer,
  type HealthCheck,
  type HealthServer,
  type StartHealthServerOptions,
} from './start-health-server';

const servers: HealthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(options: Partial<StartHealthServerOptions> = {}): Promise<HealthServer> {
  const server = await startHealthServer({
    port: 0,
    checks: [up('postgres'), up('redis')],
    registry: createWorkerMetrics({}).registry,
    ...options,
  });
  servers.push(server);
  return server;
}

function up(name: string, latencyMs = 1.5): HealthCheck {
  return { name, check: async () => ({ ok: true, latencyMs }) };
}

describe('startHealthServer: /healthz', () => {
  it('answers 200 with every check when all pass', async () => {
    const server = await start();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { postgres: { ok: true, latencyMs: 1.5 }, redis: { ok: true, latencyMs: 1.5 } },
    });
  });

  it('answers 503 degraded naming the failing check', async () => {
    const server = await start({
      checks: [up('postgres'), { name: 'redis', check: async () => ({ ok: false, error: 'connect ECONNREFUSED' }) }],
    });
    const response = await fetch(`${server.url}/healthz?verbose=1`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'degraded',
      checks: { postgres: { ok: true, latencyMs: 1.5 }, redis: { ok: false, error: 'connect ECONNREFUSED' } },
    });
  });

  it('counts a throwing check as failed and keeps credentials out of the answer', async () => {
    const server = await start({
      checks: [
        {
          name: 'postgres',
          check: async () => {
            throw new Error('cannot reach postgres://mcptest:s3cret@db:5432/mcptest (password=s3cret)');
          },
        },
      ],
    });
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { checks: { postgres: { ok: boolean; error: string } } };
    expect(body.checks.postgres.ok).toBe(false);
    expect(body.checks.postgres.error).toContain('cannot reach [redacted url]');
    expect(JSON.stringify(body)).not.toContain('s3cret');
  });

  it('answers 503 once a hanging check reaches its timeout', async () => {
    const server = await start({
      checks: [up('postgres'), { name: 'redis', check: () => new Promise<never>(() => {}) }],
      checkTimeoutMs: 200,
    });
    const started = performance.now();
    const response = await fetch(`${server.url}/healthz`);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'degraded',
      checks: { postgres: { ok: true, latencyMs: 1.5 }, redis: { ok: false, error: 'no answer within 200 ms' } },
    });
    // Generous bounds: the point is that it waited for the timeout, and not for ever.
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('answers 503 shutting_down without running the checks', async () => {
    let shuttingDown = false;
    let checked = 0;
    const server = await start({
      checks: [{ name: 'redis', check: async () => (checked++, { ok: true, latencyMs: 1 }) }],
      isShuttingDown: () => shuttingDown,
    });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    shuttingDown = true;
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'shutting_down' });
    expect(checked).toBe(1);
  });

  it('answers HEAD like GET, without a body', async () => {
    const server = await start();
    const response = await fetch(`${server.url}/healthz`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('startHealthServer: /metrics', () => {
  it('serves the registry in Prometheus format, queue depths included', async () => {
    const metrics = createWorkerMetrics({ queueDepth: async () => [{ queue: 'runs', state: 'waiting', count: 4 }] });
    metrics.runsStarted.inc({ trigger: 'api' });
    const server = await start({ registry: metrics.registry });
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(metrics.registry.contentType);
    const text = await response.text();
    for (const name of [
      'mcptest_runs_started_total',
      'mcptest_runs_finished_total',
      'mcptest_run_duration_seconds',
      'mcptest_call_duration_seconds',
      'mcptest_budget_refusals_total',
      'mcptest_politeness_wait_seconds',
      'mcptest_jobs_failed_total',
      'mcptest_reconciler_actions_total',
    ]) {
      expect(text).toContain(`# HELP ${name} `);
    }
    expect(text).toContain('mcptest_runs_started_total{trigger="api"} 1');
    expect(text).toContain('mcptest_queue_depth{queue="runs",state="waiting"} 4');
  });

  it('still serves when the queue depth callback throws', async () => {
    const metrics = createWorkerMetrics({
      queueDepth: async () => {
        throw new Error('redis down');
      },
    });
    const server = await start({ registry: metrics.registry });
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('# TYPE mcptest_runs_started_total counter');
    expect(text).not.toMatch(/^mcptest_queue_depth\{/m);
  });
});

describe('startHealthServer: other requests', () => {
  it('answers 404 JSON for an unknown path', async () => {
    const server = await start();
    const response = await fetch(`${server.url}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not found', paths: ['/healthz', '/metrics'] });
  });

  it.each(['POST', 'PUT', 'DELETE'])('answers 405 to %s', async (method) => {
    const server = await start();
    const response = await fetch(`${server.url}/healthz`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({ error: `method ${method} not allowed` });
  });

  it('closes promptly after keep-alive requests, and stops answering', async () => {
    const server = await startHealthServer({ port: 0, checks: [], registry: createWorkerMetrics({}).registry });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
    await server.close();
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });

  it('rejects when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      await expect(
        startHealthServer({ port, checks: [], registry: createWorkerMetrics({}).registry }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
