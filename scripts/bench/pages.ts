// `node_modules/.bin/tsx scripts/bench/pages.ts [--dev] [--warm N]`: how fast the web app's main pages answer, the
// table of docs/benchmarks.md ("Page timings"). Serves the production build as `npm start` does (building it first if
// the sources changed, scripts/lib/web-build.mjs) or, with --dev, `next dev`, on a throwaway database; a signed-in
// person's pages are fetched with their session cookie. First visit: the first request to a route after the server
// started (`next dev` compiles the route then); warm: the median of N more. Each time is the whole HTML document,
// body included, as a browser receives it. Not part of `npm run bench`: its quick mode must not build the app.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { ensureWebBuild } from '../lib/web-build.mjs';
import { openStack } from './lib/stack';
import { startNext } from '../../test/next-server';

const run = promisify(execFile);
const dev = process.argv.includes('--dev');
const warmIndex = process.argv.indexOf('--warm');
const WARM = warmIndex > 0 ? Number(process.argv[warmIndex + 1]) : 10;
const log = (message: string) => process.stderr.write(`[pages] ${message}\n`);

async function main(): Promise<void> {
  if (!dev) await ensureWebBuild({ log, quiet: true });
  const stack = await openStack();
  const started = Date.now();
  const web = await startNext({
    dev,
    distDir: '.next',
    devDistDirPrefix: '.next-bench-',
    env: {
      DATABASE_URL: stack.databaseUrl,
      REDIS_PREFIX: stack.prefix,
      MCPTEST_DEV_SIGNIN: '1',
      LOG_LEVEL: 'warn',
    },
    timeoutMs: 120_000,
  });
  const base = web.url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    log(`web app up in ${Date.now() - started} ms (${dev ? 'next dev' : 'next start'})`);

    // A tenant with a project, a server, a suite and a run, made as an operator and the API would.
    const email = 'bench-pages@example.com';
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'packages/db/src/bin/admin.ts', 'tenant', 'create', '--name', 'Bench', '--owner', email],
      { env: { ...process.env, DATABASE_URL: stack.databaseUrl } },
    );
    const created = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { tenant: { slug: string }; token: string };
    const api = async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${base}/api/v1${pathname}`, {
        method,
        headers: { authorization: `Bearer ${created.token}`, 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const project = await api<{ id: string }>('POST', '/projects', { name: 'pages' });
    const server = await api<{ id: string }>('POST', `/projects/${project.id}/servers`, {
      name: 'nowhere',
      url: 'http://127.0.0.1:9/mcp',
    });
    const suite = await api<{ id: string }>('POST', `/projects/${project.id}/suites`, {
      name: 'pages',
      serverId: server.id,
      yaml: 'assertions:\n  - name: a\n    assert: { tool: echo, expect: { not_error: true } }\n',
    });
    const runRow = await api<{ id: string }>('POST', `/suites/${suite.id}/runs`, {});

    // The sign-in page before anyone signs in (the browser's sign-in below would warm it).
    const timings: { page: string; first: number; warm: number }[] = [];
    const measure = async (page: string, pathname: string, cookie?: string) => {
      const once = async () => {
        const t0 = performance.now();
        const response = await fetch(`${base}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
        await response.text();
        if (response.status !== 200) throw new Error(`${pathname}: HTTP ${response.status}`);
        return performance.now() - t0;
      };
      const first = await once();
      const warm: number[] = [];
      for (let i = 0; i < WARM; i++) warm.push(await once());
      warm.sort((a, b) => a - b);
      timings.push({ page, first, warm: warm[Math.floor(warm.length / 2)]! });
      log(`${page}: first ${Math.round(first)} ms, warm ${Math.round(warm[Math.floor(warm.length / 2)]!)} ms`);
    };
    await measure('sign-in', '/signin');

    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${base}/signin?callbackUrl=/orgs`);
    await page.getByLabel('Email', { exact: true }).last().fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/orgs');
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

    const org = `/o/${created.tenant.slug}`;
    await measure('organization home', org, cookie);
    await measure('project', `${org}/projects/${project.id}`, cookie);
    await measure('server', `${org}/servers/${server.id}`, cookie);
    await measure('suite', `${org}/suites/${suite.id}`, cookie);
    await measure('run', `${org}/runs/${runRow.id}`, cookie);
    await measure('new suite editor', `${org}/projects/${project.id}/suites/new`, cookie);

    const load = os.loadavg()[0]!.toFixed(2);
    process.stdout.write(
      `\n${dev ? 'next dev' : 'production build (next start)'}, ${new Date().toISOString()}; ${os.cpus().length} × ` +
        `${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; 1-minute load average ${load}; warm = median of ${WARM}\n\n` +
        `| Page | First visit | Warm |\n| --- | --- | --- |\n` +
        timings.map((t) => `| ${t.page} | ${Math.round(t.first)} ms | ${Math.round(t.warm)} ms |`).join('\n') +
        '\n',
    );
  } finally {
    await browser.close().catch(() => {});
    await web.stop();
    await stack.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
