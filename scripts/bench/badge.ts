import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { seedRun } from '@mcptest/db';
import { atLeast, atMost, trackRss, type Benchmark, type BenchRow } from './lib/measure';
import { seedSuite, sharedStack } from './lib/stack';

const TARGET_SHARE_PERCENT = 50;
const TARGET_P99_MS = 20;
const CONNECTIONS = 10;

interface LoadResult {
  /** Mean requests per second of the measured run. */
  rps: number;
  /** Requests of the measured run. */
  total: number;
  /** Requests of the warm-up and the measured run together. */
  all: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts together: must be 0. */
  bad: number;
  /** CPU time of this process while the run lasted (warm-up included), user + system, in ms. */
  cpuMs: number;
}

/**
 * Runs autocannon against each URL in turn from one child process (lib/load-child.mjs: the load generator never
 * shares the servers' event loop, and its start-up is paid once), CONNECTIONS connections, no pipelining, each run
 * after a 1 s warm-up. This process's CPU is sampled at each run's start and end.
 */
function loadRuns(urls: readonly string[], seconds: number): Promise<LoadResult[]> {
  return new Promise((resolve, reject) => {
    const spec = { connections: CONNECTIONS, runs: urls.map((url) => ({ url, seconds })) };
    const child = spawn(process.execPath, [path.resolve('scripts/bench/lib/load-child.mjs'), JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const results: LoadResult[] = [];
    let cpuAtStart = process.cpuUsage();
    let partial = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as { event: 'start' } | ({ event: 'result' } & Omit<LoadResult, 'cpuMs'>);
        if (message.event === 'start') cpuAtStart = process.cpuUsage();
        else {
          const cpu = process.cpuUsage(cpuAtStart);
          results.push({ ...message, cpuMs: (cpu.user + cpu.system) / 1000 });
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 && results.length === urls.length
        ? resolve(results)
        : reject(new Error(`the load generator exited with ${code}: ${stderr}`)),
    );
  });
}

/**
 * A node:http server that hands each GET to `handle` as a fetch Request (with the file segment of
 * /api/badges/s/<file>) and writes its Response back: the conversions a Next route handler goes through, without
 * Next's router.
 */
function adapterServer(handle: (request: Request, file: string) => Promise<Response>): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const match = /^\/api\/badges\/s\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || !match) {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    handle(new Request(url, { headers }), decodeURIComponent(match[1]!))
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
  });
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

type RouteGet = (request: Request, context: { params: Promise<{ file: string }> }) => Promise<Response>;

/**
 * (e) The suite badge route (apps/web/src/app/api/badges/s/[file]/route.ts) under load, against a bare node:http
 * server answering the same status, headers and bytes from memory. No Next build exists here, so the route module's
 * GET runs in this process behind a node:http server that turns each request into a fetch Request and writes the
 * Response back: this measures the handler and its Redis cache (a hit is one Redis round trip), not Next's router.
 */
export const badge: Benchmark = {
  name: 'badge',
  description: '(e) badge route GET (handler + Redis cache, no Next router) vs bare node:http, same bytes, autocannon',
  async run(context) {
    const began = performance.now();
    const stack = await sharedStack();
    const saved = { ...process.env };
    const servers: http.Server[] = [];
    try {
      const suite = await seedSuite(stack.db, {
        name: 'badge',
        plan: 'FREE',
        execPolicy: {},
        serverUrl: 'https://mcp.example.test/mcp',
        yaml: 'name: badge\nassertions:\n  - name: one\n    assert: { tool: search, expect: { not_error: true } }\n',
      });
      // A finished run, so the badge says "passing" as a real one would.
      await seedRun(stack.db.tenant(suite.tenantId), { suiteId: suite.suiteId, status: 'PASSED', total: 1 });
      const { badgeKey } = await stack.db.tenant(suite.tenantId).suite.findFirstOrThrow({
        where: { id: suite.suiteId },
        select: { badgeKey: true },
      });

      // The web app reads its env on first use; point it at this stack before importing the route.
      Object.assign(process.env, {
        DATABASE_URL: stack.databaseUrl,
        REDIS_URL: stack.redisUrl,
        REDIS_PREFIX: stack.prefix,
        LOG_LEVEL: 'silent',
      });
      context.log(`badge: stack ready in ${((performance.now() - began) / 1000).toFixed(1)} s`);
      const route = (await import('../../apps/web/src/app/api/badges/s/[file]/route')) as { GET: RouteGet };

      const routeServer = adapterServer((request, file) => route.GET(request, { params: Promise.resolve({ file }) }));
      servers.push(routeServer);
      const routeBase = await listen(routeServer);
      context.log(`badge: route imported, serving after ${((performance.now() - began) / 1000).toFixed(1)} s`);
      const badgePath = `/api/badges/s/${badgeKey}.svg`;

      // The bare server's answer is the route's own first answer, byte for byte.
      const first = await fetch(`${routeBase}${badgePath}`);
      const body = Buffer.from(await first.arrayBuffer());
      if (first.status !== 200 || !body.toString().includes('passing')) {
        throw new Error(`the badge route answered ${first.status}: ${body.toString().slice(0, 200)}`);
      }
      const headers = Object.fromEntries(first.headers);
      delete headers['date'];
      delete headers['connection'];
      delete headers['keep-alive'];
      delete headers['transfer-encoding'];
      const bareServer = http.createServer((_req, res) => {
        res.writeHead(200, headers);
        res.end(body);
      });
      servers.push(bareServer);
      const bareBase = await listen(bareServer);
      // The same adapter answering the same bytes with no handler work: what any Request/Response handler costs.
      const emptyServer = adapterServer(async () => new Response(body, { status: 200, headers }));
      servers.push(emptyServer);
      const emptyBase = await listen(emptyServer);

      const seconds = context.quick ? 1 : 10;
      const rss = trackRss();
      // Full mode measures the bare server before and after the route, so a change in the machine's load shows as a
      // difference between the two.
      const urls = [`${bareBase}${badgePath}`, `${emptyBase}${badgePath}`, `${routeBase}${badgePath}`];
      if (!context.quick) urls.push(`${bareBase}${badgePath}`);
      const [bare, empty, handler, bareAgain] = (await loadRuns(urls, seconds)) as [
        LoadResult,
        LoadResult,
        LoadResult,
        LoadResult?,
      ];
      const perRequest = (result: LoadResult) => `${Math.round((result.cpuMs * 1000) / result.all)} µs`;
      const usage = rss.stop();
      const bareRps = bareAgain ? (bare.rps + bareAgain.rps) / 2 : bare.rps;
      const share = (handler.rps / bareRps) * 100;
      const problems = [
        handler.bad > 0 ? `ROUTE: ${handler.bad} non-2xx, errors or timeouts` : '',
        empty.bad > 0 ? `ADAPTER: ${empty.bad} non-2xx, errors or timeouts` : '',
        bare.bad + (bareAgain?.bad ?? 0) > 0 ? 'BARE: non-2xx, errors or timeouts' : '',
      ].filter(Boolean);
      const common = { unit: 'requests', rss: usage };
      const rows: BenchRow[] = [
        {
          ...common,
          benchmark: 'badge',
          case: `bare node:http, same ${body.length} bytes, ${CONNECTIONS} connections`,
          rate: bareRps,
          ops: bare.total + (bareAgain?.total ?? 0),
          latency: { p50: bare.p50, p95: Number.NaN, p99: bare.p99 },
          note:
            `CPU ${perRequest(bare)} per request; autocannon reports no p95` +
            (bareAgain
              ? `; runs before and after the route's: ${Math.round(bare.rps)} and ${Math.round(bareAgain.rps)} ` +
                `req/s (latencies of the first)`
              : ''),
        },
        {
          ...common,
          benchmark: 'badge',
          case: 'Request/Response adapter, no handler work, same bytes',
          rate: empty.rps,
          ops: empty.total,
          latency: { p50: empty.p50, p95: Number.NaN, p99: empty.p99 },
          note:
            `CPU ${perRequest(empty)} per request; ${((empty.rps / bareRps) * 100).toFixed(0)}% of bare: the floor ` +
            `of any fetch-style route handler on node:http, before Next's own router`,
        },
        {
          ...common,
          benchmark: 'badge',
          case: `badge route GET + Redis cache, ${CONNECTIONS} connections`,
          rate: handler.rps,
          ops: handler.total,
          latency: { p50: handler.p50, p95: Number.NaN, p99: handler.p99 },
          note:
            `CPU of this process (adapter, handler, ioredis) ${perRequest(handler)} per request; ` +
            `${((handler.rps / empty.rps) * 100).toFixed(0)}% of the adapter alone` +
            (problems.length > 0 ? `; ${problems.join('; ')}` : ''),
          targets: [
            atLeast(
              '(e) badge route req/s, share of bare node:http',
              share,
              '%',
              TARGET_SHARE_PERCENT,
              `${Math.round(handler.rps)} vs ${Math.round(bareRps)} req/s (adapter alone ${Math.round(empty.rps)}), ` +
                `${CONNECTIONS} connections, ${seconds} s each`,
            ),
            atMost(
              '(e) badge route p99 under load',
              handler.p99,
              'ms',
              TARGET_P99_MS,
              `p50 ${handler.p50} ms; bare node:http p99 ${bare.p99} ms, adapter alone ${empty.p99} ms`,
            ),
          ],
        },
      ];
      return rows;
    } finally {
      for (const server of servers) await close(server);
      const { closeServiceDeps } = await import('../../apps/web/src/server/services/get-service-deps');
      const { closeDb } = await import('../../apps/web/src/server/db');
      const { closeRedis } = await import('../../apps/web/src/server/redis');
      await closeServiceDeps();
      await closeDb();
      closeRedis();
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  },
};
