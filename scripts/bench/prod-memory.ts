import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../test/mcp-servers';
import { ensureWebBuild, webBuildState } from '../lib/web-build.mjs';
import { startBenchMock } from './lib/bench-mock';
import type { Benchmark, BenchContext, BenchRow } from './lib/measure';
import { trackRss } from './lib/measure';
import { callSuite, openStack, seedSuite, type BenchStack } from './lib/stack';
import { startWorkerProcess, type WorkerChild, type WorkerMemory } from './lib/worker-process';
import { NO_CALL_DELAY, UNPOLITE } from './lib/worker-stack';

const MB = 1024 * 1024;
const CALLS_PER_RUN = 10;
/** API clients triggering runs at once (the throughput benchmark's backlog, sent through the web app). */
const CLIENTS = 8;

/** Resident and peak resident memory of a process, from /proc (Linux), in bytes. */
function procMemory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

interface WebChild {
  pid: number;
  url: string;
  memory(): Promise<WorkerMemory>;
  stop(): Promise<void>;
}

/**
 * The web app as `npm start` runs it in production (scripts/start.mjs): `next start` on the build in `distDir`, one
 * Node process, with the memory probe preloaded (the probe only answers questions over IPC).
 */
async function startWeb(stack: BenchStack, distDir: string, env: Record<string, string>): Promise<WebChild> {
  const port = await freePort();
  const probe = path.resolve('scripts/bench/lib/memory-probe.mjs');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', probe, path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(port)],
    {
      cwd: path.resolve('apps/web'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        MCPTEST_NEXT_LOCAL_BUILD: '1',
        MCPTEST_NEXT_DIST_DIR: distDir,
        HOSTNAME: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: stack.databaseUrl,
        REDIS_URL: stack.redisUrl,
        REDIS_PREFIX: stack.prefix,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let tail = '';
  child.stdout?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000)));
  const pid = child.pid;
  if (pid === undefined) throw new Error('next start did not start');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${tail}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`next start did not answer /api/health within 60 s:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  let nextId = 0;
  return {
    pid,
    url,
    stop,
    memory: () =>
      new Promise<WorkerMemory>((resolve, reject) => {
        const id = (nextId += 1);
        const timer = setTimeout(() => reject(new Error('the web process did not answer the memory probe')), 10_000);
        const onMessage = (message: WorkerMemory & { type?: string; id?: number }) => {
          if (message.type !== 'memory' || message.id !== id) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message);
        };
        child.on('message', onMessage);
        child.send({ type: 'memory', id });
      }),
  };
}

/** The production build to measure: `.next` (npm start's) or the test harness's, whichever is current. */
async function currentBuild(context: BenchContext): Promise<string | undefined> {
  for (const distDir of ['.next', '.next-test-build']) if (webBuildState(distDir).current) return distDir;
  if (context.quick) return undefined;
  // quiet: next build's own output would land in the results table (stdout); it is in the error if the build fails.
  await ensureWebBuild({ distDir: '.next', log: context.log, quiet: true });
  return '.next';
}

const fmt = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/**
 * Issue 20 item 7: memory of the two production processes (`NODE_ENV=production npm start`: `next start` on the
 * production build, and the worker) idle and under the throughput benchmark's load, here sent through the web API:
 * runs triggered with `POST /api/v1/suites/:id/runs` by 8 clients at once and polled with `GET /api/v1/runs/:id` until
 * they end. RSS is sampled from /proc every 100 ms (peak = highest sample, also the kernel's VmHWM); heap is read after
 * a full GC through the probe. infra/k8s sets the pods' memory requests and limits from these figures.
 */
export const prodMemory: Benchmark = {
  name: 'prod-memory',
  description: 'RSS and heap of the production web and worker processes, idle and under run load through the API',
  async run(context) {
    const distDir = await currentBuild(context);
    if (!distDir) {
      return [
        {
          benchmark: 'prod-memory',
          case: 'skipped',
          rate: 0,
          unit: 'runs',
          ops: 0,
          rss: trackRss().stop(),
          note:
            'skipped in quick mode: no current production build of the web app (`npm start` or the test harness ' +
            'makes one; `next build` takes minutes on two cores, beyond a quick run)',
        },
      ];
    }
    const count = context.quick ? 0 : 300;
    const stack = await openStack();
    const mock = await startBenchMock();
    let web: WebChild | undefined;
    let worker: WorkerChild | undefined;
    try {
      const suite = await seedSuite(stack.db, {
        name: 'prod-memory',
        plan: 'ENTERPRISE',
        execPolicy: NO_CALL_DELAY,
        serverUrl: mock.url,
        yaml: callSuite(CALLS_PER_RUN),
      });
      const shared = {
        MCPTEST_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
        MCPTEST_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8',
      };
      // Both at once (each takes seconds to come up); whichever started is stopped below if the other did not.
      const [webStart, workerStart] = await Promise.allSettled([
        startWeb(stack, distDir, {
          ...shared,
          // The load is one tenant's token; its limits (600 requests and 60 triggers a minute) would measure the limiter.
          API_RATE_LIMIT_PER_TOKEN: '1000000',
          API_RATE_LIMIT_PER_TENANT: '1000000',
          API_TRIGGERS_PER_TENANT_PER_MINUTE: '1000000',
        }),
        startWorkerProcess(stack, { ...UNPOLITE, ...shared }),
      ]);
      if (webStart.status === 'fulfilled') web = webStart.value;
      if (workerStart.status === 'fulfilled') worker = workerStart.value;
      if (webStart.status === 'rejected') throw webStart.reason;
      if (workerStart.status === 'rejected') throw workerStart.reason;
      if (!web || !worker) throw new Error('unreachable: both processes started');
      const pids = { web: web.pid, worker: worker.pid };
      context.log(`bench: next start pid ${web.pid} (${distDir}), worker pid ${worker.pid}`);
      const api = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(`${web!.url}${url}`, {
          method,
          headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const json = (await res.json()) as { id?: string; status?: string };
        if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
        return json;
      };
      // Warm-up: the routes the load uses compiled and cached by V8, the pools opened (idle is measured after it).
      const warm = await api('POST', `/api/v1/suites/${suite.suiteId}/runs`, {});
      await worker.finished(warm.id ?? '');
      await api('GET', `/api/v1/runs/${warm.id}`);
      await new Promise((resolve) => setTimeout(resolve, context.quick ? 500 : 5_000));
      const idle = { web: await web.memory(), worker: await worker.memory() };
      const idleRss = { web: procMemory(pids.web).rss, worker: procMemory(pids.worker).rss };

      const peak = { web: idleRss.web, worker: idleRss.worker };
      const sampler = setInterval(() => {
        try {
          peak.web = Math.max(peak.web, procMemory(pids.web).rss);
          peak.worker = Math.max(peak.worker, procMemory(pids.worker).rss);
        } catch {
          // a process ended; the error surfaces below
        }
      }, 100);
      const started = performance.now();
      const statuses = new Map<string, number>();
      try {
        let next = 0;
        await Promise.all(
          Array.from({ length: Math.min(CLIENTS, count) }, async () => {
            while (next < count) {
              next += 1;
              const run = await api('POST', `/api/v1/suites/${suite.suiteId}/runs`, {});
              // Polled like a CI job waiting for its result.
              for (;;) {
                const state = await api('GET', `/api/v1/runs/${run.id}`);
                if (state.status !== 'queued' && state.status !== 'running') {
                  statuses.set(state.status ?? '?', (statuses.get(state.status ?? '?') ?? 0) + 1);
                  break;
                }
                await new Promise((resolve) => setTimeout(resolve, 250));
              }
            }
          }),
        );
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      const after = { web: await web.memory(), worker: await worker.memory() };
      const hwm = { web: procMemory(pids.web).hwm, worker: procMemory(pids.worker).hwm };
      const passed = statuses.get('passed') ?? 0;
      const rows: BenchRow[] = (['web', 'worker'] as const).map((name) => ({
        benchmark: 'prod-memory',
        case: `${name} process${count > 0 ? `, ${count} runs through the API` : ', idle only (quick)'}`,
        rate: count > 0 ? count / seconds : 0,
        unit: 'runs',
        ops: count,
        rss: { startBytes: idleRss[name], peakBytes: peak[name] },
        note:
          `idle: RSS ${fmt(idleRss[name])}, heap ${fmt(idle[name].heapUsed)} of ${fmt(idle[name].heapTotal)} ` +
          `(after GC), external ${fmt(idle[name].external)}` +
          (count > 0
            ? `; under load: peak RSS ${fmt(peak[name])} (VmHWM ${fmt(hwm[name])}); after it: RSS ${fmt(after[name].rss)}, ` +
              `heap ${fmt(after[name].heapUsed)} (after GC); ${count} runs of ${CALLS_PER_RUN} calls in ` +
              `${seconds.toFixed(1)} s (${((count * 60) / seconds).toFixed(0)} runs/min), ${CLIENTS} API clients` +
              (passed !== count ? `; NOT ALL PASSED: ${JSON.stringify(Object.fromEntries(statuses))}` : '')
            : '') +
          (name === 'worker'
            ? '; the worker runs under tsx as npm start runs it (the image runs the esbuild bundle)'
            : ''),
      }));
      return rows;
    } finally {
      await worker?.stop();
      await web?.stop();
      await mock.close();
      await stack.close();
    }
  },
};
