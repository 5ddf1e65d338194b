// Test support: a node:http server speaking the slice of the REST API that `mcptest ci` uses (DESIGN.md; the real
// routes live in apps/web). It is the seam the ci tests drive until an end-to-end test runs the CLI against the web app.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Status = 'queued' | 'running' | 'passed' | 'failed' | 'error' | 'cancelled';

export interface FakeResult {
  name: string;
  /** Which trial (one result per trial, as the API lists them). Default 0. */
  trial?: number;
  status: 'PASS' | 'FAIL' | 'SKIP';
  detail?: string;
  durationMs?: number;
  tool?: string;
}

export interface FakeScenario {
  /** The run's final state. */
  status: Exclude<Status, 'queued' | 'running'>;
  results: FakeResult[];
  regressions?: { name: string; before: 'PASS'; after: 'FAIL' | 'SKIP'; detail: string }[];
  error?: string;
  /** How /events answers: a stream (default), or this HTTP status. */
  events?: 'stream' | number;
  /** The first stream connection is cut after this many events (to test Last-Event-ID). */
  dropStreamAfter?: number;
  /** GET /runs/{id} answers "running" (with the results so far) this many times before the final state. */
  pendingPolls?: number;
  /** The run never finishes: GET says running, the stream sends run.started and stays open. */
  neverFinishes?: boolean;
  /** Answers to the first triggers, before the normal one (429 with Retry-After, 503...). */
  triggerFailures?: { status: number; headers?: Record<string, string>; body?: unknown }[];
  /** The trigger answers 200 with the finished run. */
  finishedOnTrigger?: boolean;
  /** GET junit.xml: this text, or this HTTP status. Default: a small JUnit document. */
  junit?: string | number;
  /** Echo this into error messages (to prove the CLI scrubs the token). */
  echoAuthInErrors?: boolean;
  /** The name GET /suites/{id} answers; without it that route is 404 (an older server). */
  suiteName?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const apiError = (res: ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { error: { code, message, details: {} } });

/** Counts per assertion with its trials folded (a FAIL in any trial fails it), as the service's summary does. */
function summaryOf(results: readonly FakeResult[]) {
  const byName = new Map<string, Set<FakeResult['status']>>();
  for (const r of results) byName.set(r.name, (byName.get(r.name) ?? new Set()).add(r.status));
  const statuses = [...byName.values()].map((s) => (s.has('FAIL') ? 'FAIL' : s.has('PASS') ? 'PASS' : 'SKIP'));
  return {
    total: statuses.length,
    passed: statuses.filter((s) => s === 'PASS').length,
    failed: statuses.filter((s) => s === 'FAIL').length,
    skipped: statuses.filter((s) => s === 'SKIP').length,
  };
}

/** Starts the fake API on 127.0.0.1 (a free port) for one scenario; one valid token, suite ids are free-form. */
export async function serveFakeApi(token: string, scenario: FakeScenario): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  const runsByKey = new Map<string, string>();
  let triggers = 0;
  let runCount = 0;
  let polls = 0;
  let streamConnections = 0;
  let streamedFinish = false;
  let suiteId = '';
  let meta: { commitSha?: string; branch?: string } = {};

  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const runView = (id: string, status: Status, results: FakeResult[]) => ({
    id,
    url: `${url()}/runs/${id}`,
    suiteId,
    projectId: 'prj_1',
    status,
    trigger: 'api',
    commitSha: meta.commitSha ?? null,
    branch: meta.branch ?? null,
    summary: summaryOf(results),
    results: results.map((r) => ({ detail: '', durationMs: 5, trial: 0, ...r })),
    regressions: status === 'running' ? [] : (scenario.regressions ?? []),
    error: status === 'running' ? null : (scenario.error ?? null),
    queuedAt: '2026-01-01T00:00:00.000Z',
    startedAt: '2026-01-01T00:00:01.000Z',
    finishedAt: status === 'running' ? null : '2026-01-01T00:00:02.000Z',
    durationMs: status === 'running' ? null : 1000,
  });
  const finalView = (id: string) => runView(id, scenario.status, scenario.results);

  const events = () => [
    { type: 'run.started', attempt: 1, workerId: 'w1' },
    ...scenario.results.flatMap((r, i) => [
      { type: 'assertion.started', key: `k${i}`, name: r.name, trial: 0 },
      { type: 'assertion.finished', key: `k${i}`, trial: 0, detail: '', durationMs: 5, ...r },
    ]),
    {
      type: 'run.finished',
      status: scenario.status,
      summary: finalView('x').summary,
      regressions: scenario.regressions?.length ?? 0,
      ...(scenario.error !== undefined && { error: scenario.error }),
    },
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

    if (req.headers.authorization !== `Bearer ${token}`) {
      const echo = scenario.echoAuthInErrors ? ` (got ${req.headers.authorization ?? 'nothing'})` : '';
      return apiError(res, 401, 'unauthorized', `invalid or missing API token${echo}`);
    }

    let match = /^\/api\/v1\/suites\/([^/]+)\/runs$/.exec(path);
    if (match && req.method === 'POST') {
      const failure = scenario.triggerFailures?.[triggers++];
      if (failure) {
        res.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers });
        return res.end(JSON.stringify(failure.body ?? { error: { code: 'x', message: `HTTP ${failure.status}` } }));
      }
      suiteId = decodeURIComponent(match[1] ?? '');
      if (suiteId === 'missing') return apiError(res, 404, 'not_found', 'suite not found');
      meta = JSON.parse(body || '{}') as typeof meta;
      const key = req.headers['idempotency-key'];
      const known = typeof key === 'string' ? runsByKey.get(key) : undefined;
      const id = known ?? `run_${++runCount}`;
      if (typeof key === 'string') runsByKey.set(key, id);
      if (scenario.finishedOnTrigger) return json(res, 200, finalView(id));
      return json(res, 202, { id, status: 'queued', url: `${url()}/runs/${id}` });
    }

    match = /^\/api\/v1\/suites\/([^/]+)$/.exec(path);
    if (match && req.method === 'GET' && scenario.suiteName !== undefined) {
      return json(res, 200, { id: decodeURIComponent(match[1] ?? ''), name: scenario.suiteName });
    }

    match = /^\/api\/v1\/runs\/([^/]+)(\/events|\/junit\.xml)?$/.exec(path);
    if (match && req.method === 'GET') {
      const id = decodeURIComponent(match[1] ?? '');
      if (!/^run_\d+$/.test(id)) return apiError(res, 404, 'not_found', 'run not found');
      if (match[2] === '/junit.xml') {
        if (typeof scenario.junit === 'number') return apiError(res, scenario.junit, 'x', 'no junit');
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          scenario.junit ??
            '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="from-server" tests="0"></testsuites>\n',
        );
      }
      if (match[2] === '/events') {
        if (typeof scenario.events === 'number') return apiError(res, scenario.events, 'x', 'no events here');
        streamConnections++;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        const all = events();
        if (scenario.neverFinishes) {
          res.write(`: keepalive\n\nid: 1\nevent: run.started\ndata: ${JSON.stringify({ attempt: 1 })}\n\n`);
          return; // left open: the client's deadline ends it
        }
        const lastId = Number(req.headers['last-event-id'] ?? '0');
        const cut = streamConnections === 1 ? scenario.dropStreamAfter : undefined;
        let sent = 0;
        for (let i = lastId; i < all.length; i++) {
          // Ends the connection mid-body (written data is flushed first), like a proxy cutting a long request.
          if (cut !== undefined && sent >= cut) return void res.socket?.end();
          const { type, ...data } = all[i] as { type: string };
          res.write(`id: ${i + 1}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
          sent++;
        }
        streamedFinish = true;
        return res.end();
      }
      if (scenario.neverFinishes) return json(res, 200, runView(id, 'running', []));
      const streamed = scenario.events === undefined || scenario.events === 'stream';
      if (streamed ? !streamedFinish : polls++ < (scenario.pendingPolls ?? 0)) {
        return json(res, 200, runView(id, 'running', scenario.results.slice(0, polls)));
      }
      return json(res, 200, finalView(id));
    }
    return apiError(res, 404, 'not_found', `no route ${req.method} ${path}`);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) apiError(res, 500, 'internal', String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: url(),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
