import { redactError } from '@mcptest/core';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export type HealthCheckResult = { ok: true; latencyMs: number } | { ok: false; error: string };

/** One dependency the worker needs (Postgres, Redis): `db.ping` and `pingRedis` have this shape. */
export interface HealthCheck {
  name: string;
  check: () => Promise<HealthCheckResult>;
}

export interface HealthServer {
  /** `http://host:port`, with the port actually bound. */
  url: string;
  port: number;
  /** Stops accepting connections and resolves once open requests are answered. */
  close(): Promise<void>;
}

export interface StartHealthServerOptions {
  /** Default 127.0.0.1; use 0.0.0.0 in a container so the orchestrator's probes reach it. */
  host?: string;
  /** 0 picks a free port (tests). */
  port: number;
  checks: HealthCheck[];
  registry: Registry;
  /** True once SIGTERM was received: /healthz then answers 503 so the orchestrator stops counting on this worker. */
  isShuttingDown?: () => boolean;
  /** Longest one check may take before it counts as failed. Default 2000. */
  checkTimeoutMs?: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Serves the worker's health and metrics over node:http:
 * - `GET /healthz`: runs every check at once, each bounded by `checkTimeoutMs`; 200 `{"status":"ok","checks":{...}}`
 *   when all pass, 503 `{"status":"degraded","checks":{...}}` when any fails (the failing ones carry `error`), 503
 *   `{"status":"shutting_down"}` once `isShuttingDown()` is true (checks are not run then).
 * - `GET /metrics`: the registry in Prometheus text format.
 * - HEAD is answered like GET without a body; other methods get 405, other paths 404 (JSON bodies).
 * Errors are answered, never thrown: a failing check or a broken collector does not take the worker down.
 */
export function startHealthServer(options: StartHealthServerOptions): Promise<HealthServer> {
  const host = options.host ?? '127.0.0.1';
  const timeoutMs = options.checkTimeoutMs ?? 2000;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, request, 500, JSON_TYPE, json({ error: message(error) }));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== '/healthz' && path !== '/metrics') {
      send(response, request, 404, JSON_TYPE, json({ error: 'not found', paths: ['/healthz', '/metrics'] }));
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      send(response, request, 405, JSON_TYPE, json({ error: `method ${request.method ?? ''} not allowed` }));
      return;
    }
    if (path === '/metrics') {
      const body = await options.registry.metrics();
      send(response, request, 200, options.registry.contentType, body);
      return;
    }
    if (options.isShuttingDown?.()) {
      send(response, request, 503, JSON_TYPE, json({ status: 'shutting_down' }));
      return;
    }
    const results = await Promise.all(options.checks.map((check) => runCheck(check, timeoutMs)));
    const checks = Object.fromEntries(options.checks.map((check, i) => [check.name, results[i]]));
    const ok = results.every((result) => result?.ok === true);
    send(response, request, ok ? 200 : 503, JSON_TYPE, json({ status: ok ? 'ok' : 'degraded', checks }));
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      const port = (server.address() as AddressInfo).port;
      const urlHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${urlHost}:${port}`,
        port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Keep-alive sockets of past scrapes would otherwise hold close() open until they time out.
            server.closeIdleConnections();
          }),
      });
    });
  });
}

/** A check that throws, rejects, answers garbage or hangs is a failed check, never a failed request. */
async function runCheck(check: HealthCheck, timeoutMs: number): Promise<HealthCheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthCheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    const result = await Promise.race([Promise.resolve().then(() => check.check()), timeout]);
    if (result?.ok === true) return { ok: true, latencyMs: result.latencyMs };
    if (result?.ok === false) return { ok: false, error: redactError(String(result.error)) };
    return { ok: false, error: 'check returned no result' };
  } catch (error) {
    return { ok: false, error: redactError(message(error)) };
  } finally {
    clearTimeout(timer);
  }
}

function send(response: ServerResponse, request: IncomingMessage, status: number, type: string, body: string): void {
  response.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

function json(value: unknown): string {
  return JSON.stringify(value);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
