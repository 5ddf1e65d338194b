import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { abortableSleep } from '../ci/call-api';
import { serveFakeApi, type FakeApi, type FakeScenario } from '../ci/serve-fake-api';
import { runCli } from '../run-cli';
import { ciCommand, type CiCommandIo } from './ci';

const TOKEN = 'mcpt_test_0123456789abcdef';

const PASSING: FakeScenario = {
  status: 'passed',
  results: [
    { name: 'lists tools', status: 'PASS', tool: 'list' },
    { name: 'echo works', status: 'PASS', tool: 'echo' },
  ],
};
const FAILING: FakeScenario = {
  status: 'failed',
  results: [
    { name: 'lists tools', status: 'PASS' },
    { name: 'echo works', status: 'FAIL', detail: 'expected "hi", got "bye"' },
  ],
};

let dir: string;
let api: FakeApi | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mcptest-ci-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function start(scenario: FakeScenario): Promise<FakeApi> {
  api = await serveFakeApi(TOKEN, scenario);
  return api;
}

/** Runs `mcptest ci` against the fake API with a clean environment; checks the token never reaches the output. */
async function ci(target: FakeApi | string, extra: string[], io: CiCommandIo = {}) {
  const progress: string[] = [];
  const slept: number[] = [];
  const result = await ciCommand(
    ['--api', typeof target === 'string' ? target : target.url, '--suite', 'suite_1', ...extra],
    {
      stderr: (text) => progress.push(text),
      stderrIsTTY: false,
      stdoutIsTTY: false,
      pollIntervalMs: 20,
      signal: new AbortController().signal,
      // Records what would be waited, but waits at most 20 ms so retries and polls stay fast.
      sleep: (ms, signal) => {
        slept.push(ms);
        return abortableSleep(Math.min(ms, 20), signal);
      },
      ...io,
      env: { MCPTEST_TOKEN: TOKEN, ...io.env },
    },
  );
  const all = `${result.stdout}${result.stderr}${progress.join('')}`;
  expect(all).not.toContain(TOKEN);
  return { ...result, progress: progress.join(''), all, slept };
}

describe('mcptest ci', () => {
  it('exits 0 for a passed run, with progress on stderr and the summary on stdout', async () => {
    const fake = await start(PASSING);
    const result = await ci(fake, []);
    expect(result.exitCode).toBe(0);
    expect(result.progress).toContain('triggering suite suite_1');
    expect(result.progress).toContain('run run_1 queued');
    expect(result.progress).toMatch(/^PASS lists tools/m);
    expect(result.progress).toMatch(/^PASS echo works/m);
    expect(result.stdout).toContain('2 assertions, 2 passed');
    expect(result.stdout).toContain(`Run run_1 passed: ${fake.url}/runs/run_1`);
    const post = fake.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/v1/suites/suite_1/runs');
    expect(post?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(fake.requests.some((r) => r.path === '/api/v1/runs/run_1/events')).toBe(true);
  });

  it('exits 1 for a failed run and shows the failure', async () => {
    const result = await ci(await start(FAILING), []);
    expect(result.exitCode).toBe(1);
    expect(result.progress).toMatch(/^FAIL echo works/m);
    expect(result.stdout).toContain('expected "hi", got "bye"');
    expect(result.stdout).toContain('Run run_1 failed');
  });

  it('exits 1 when a passed run has a regression', async () => {
    const result = await ci(
      await start({
        ...PASSING,
        results: [{ name: 'echo works', status: 'SKIP', detail: 'server said no' }],
        regressions: [{ name: 'echo works', before: 'PASS', after: 'SKIP', detail: 'server said no' }],
      }),
      [],
    );
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('Regressions (1):');
    expect(result.stdout).toContain('echo works: was PASS, now SKIP');
    expect(result.stdout).toContain('passed, with regressions');
  });

  it('folds the per-trial results of the API into one line per assertion', async () => {
    const result = await ci(
      await start({
        status: 'failed',
        results: [
          { name: 'flaky', status: 'PASS', trial: 0 },
          { name: 'flaky', status: 'FAIL', trial: 1, detail: 'timeout' },
        ],
      }),
      [],
    );
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('FAIL flaky (10ms) [1/2 trials passed]');
    expect(result.stdout).toContain('failed 1 of 2 trials; trial 2: timeout');
    expect(result.stdout).toContain('1 assertion, 1 failed');
    expect(result.stdout).toContain('pass@k: 1/1 capable, pass^k: 0/1 reliable');
  });

  it('exits 1 for a run that ended with an error, printing it', async () => {
    const result = await ci(
      await start({ status: 'error', results: [], error: 'server unreachable: ECONNREFUSED' }),
      [],
    );
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('Error: server unreachable: ECONNREFUSED');
    expect(result.stdout).toContain('Run run_1 ended with an error');
  });

  it('falls back to polling when /events answers 404', async () => {
    const fake = await start({ ...PASSING, events: 404, pendingPolls: 2 });
    const result = await ci(fake, []);
    expect(result.exitCode).toBe(0);
    expect(result.progress).toContain('no live progress (HTTP 404 x: no events here)');
    // Results that appeared while polling are reported once each.
    expect(result.progress.match(/^PASS lists tools/gm)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/api/v1/runs/run_1').length).toBeGreaterThanOrEqual(3);
  });

  it('resumes a dropped stream with Last-Event-ID and reports each assertion once', async () => {
    const fake = await start({ ...FAILING, dropStreamAfter: 3 });
    const result = await ci(fake, []);
    expect(result.exitCode).toBe(1);
    const streams = fake.requests.filter((r) => r.path.endsWith('/events'));
    expect(streams.length).toBe(2);
    expect(streams[0]?.headers['last-event-id']).toBeUndefined();
    expect(streams[1]?.headers['last-event-id']).toBe('3');
    expect(result.progress.match(/lists tools/g)).toHaveLength(1);
    expect(result.progress.match(/echo works/g)).toHaveLength(1);
  });

  it('exits 2 with the run URL when the run has not finished within --wait', async () => {
    const fake = await start({ ...PASSING, neverFinishes: true });
    const started = Date.now();
    const result = await ci(fake, ['--wait', '1']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('run run_1 is still running after 1 s (--wait)');
    expect(result.stderr).toContain(`it goes on at ${fake.url}/runs/run_1`);
    expect(result.stdout).toBe('');
    // Generous: the point is that it stopped at the deadline rather than waiting on the open stream.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('stops waiting on Ctrl-C (exit 2), leaving the run to go on', async () => {
    const fake = await start({ ...PASSING, neverFinishes: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = await ci(fake, [], { signal: controller.signal });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('interrupted while run run_1 is running');
  });

  it('exits 2 on 401 with the server message, and never prints the token', async () => {
    const fake = await start({ ...PASSING, echoAuthInErrors: true });
    const result = await ci(fake, [], { env: { MCPTEST_TOKEN: `${TOKEN}x` } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('HTTP 401 unauthorized: invalid or missing API token');
    expect(result.stderr).toContain('check the token in MCPTEST_TOKEN');
    // The server echoed the bad token back; the CLI scrubbed it.
    expect(result.all).not.toContain(`${TOKEN}x`);
    expect(result.stderr).toContain('(got Bearer ***)');
  });

  it('exits 2 with a hint when the suite is not found', async () => {
    const fake = await start(PASSING);
    const missing = await ciCommand(['--api', fake.url, '--suite', 'missing'], {
      stderr: () => undefined,
      env: { MCPTEST_TOKEN: TOKEN },
      signal: new AbortController().signal,
    });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('HTTP 404 not_found: suite not found');
    expect(missing.stderr).toContain('no suite missing that this token can see');
  });

  it('honours Retry-After on 429 and 503, retrying with the same idempotency key', async () => {
    const fake = await start({
      ...PASSING,
      triggerFailures: [
        {
          status: 429,
          headers: { 'retry-after': '3' },
          body: { error: { code: 'rate_limited', message: 'slow down' } },
        },
        { status: 503, headers: { 'retry-after': '1' } },
      ],
    });
    const result = await ci(fake, []);
    expect(result.exitCode).toBe(0);
    expect(result.slept.slice(0, 2)).toEqual([3000, 1000]);
    expect(result.progress).toContain('HTTP 429 rate_limited: slow down; retrying in 3 s');
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.headers['idempotency-key'])).size).toBe(1);
  });

  it('gives up on a Retry-After longer than it waits (exit 2)', async () => {
    const fake = await start({ ...PASSING, triggerFailures: [{ status: 429, headers: { 'retry-after': '3600' } }] });
    const result = await ci(fake, []);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('retry after 3600 s, longer than mcptest ci waits');
  });

  it('exits 2 when the API cannot be reached', async () => {
    const fake = await serveFakeApi(TOKEN, PASSING);
    const url = fake.url;
    await fake.close();
    const result = await ci(url, []);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`cannot reach ${url}: ECONNREFUSED`);
  });

  it('exits 2 with the run URL when the API is lost after the trigger', async () => {
    const fake = await start(PASSING);
    const flaky: typeof fetch = async (input, init) => {
      if (String(input).includes('/api/v1/runs/')) {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) });
      }
      return fetch(input, init);
    };
    const result = await ci(fake, [], { fetch: flaky });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`lost the run: cannot reach ${fake.url}: ECONNRESET`);
    expect(result.stderr).toContain(`run run_1 goes on at ${fake.url}/runs/run_1`);
    expect(result.progress).toContain('no live progress');
  });

  it('writes the server JUnit, the Markdown file, and appends to $GITHUB_STEP_SUMMARY', async () => {
    const fake = await start({ ...FAILING, suiteName: 'Smoke | prod' });
    const junit = path.join(dir, 'out', 'junit.xml');
    const markdown = path.join(dir, 'out', 'summary.md');
    const summary = path.join(dir, 'step-summary.md');
    await writeFile(summary, '# earlier step\n');
    const result = await ci(fake, ['--junit', junit, '--markdown', markdown], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    expect(result.exitCode).toBe(1);
    expect(await readFile(junit, 'utf8')).toContain('<testsuites name="from-server"');
    const md = await readFile(markdown, 'utf8');
    expect(md).toMatch(/^## ❌ mcptest: Smoke \\\| prod — 1 of 2 failed/);
    expect(md).toContain('expected "hi", got "bye"');
    expect(md).toContain(`Run [run\\_1](<${fake.url}/runs/run_1>)`);
    const step = await readFile(summary, 'utf8');
    expect(step.startsWith('# earlier step\n## ❌ mcptest')).toBe(true);
  });

  it("builds the JUnit from the run's results when the server has none", async () => {
    const junit = path.join(dir, 'fallback.xml');
    const result = await ci(await start({ ...FAILING, junit: 404 }), ['--junit', junit]);
    expect(result.exitCode).toBe(1);
    expect(result.progress).toContain("could not fetch the server's junit.xml (HTTP 404");
    const xml = await readFile(junit, 'utf8');
    // No suite name from this server: the report is named after the id.
    expect(xml).toContain('<testsuites name="suite suite_1"');
    expect(xml).toContain('<testcase name="echo works"');
    expect(xml).toContain('<failure message="expected &quot;hi&quot;, got &quot;bye&quot;"');
  });

  it('does not touch $GITHUB_STEP_SUMMARY when the variable is unset', async () => {
    const result = await ci(await start(PASSING), []);
    expect(result.exitCode).toBe(0);
    expect(result.progress).not.toContain('cannot write');
  });

  it('derives commit, branch and idempotency key from GitHub Actions; a retry reuses the run', async () => {
    const fake = await start(PASSING);
    const env = {
      GITHUB_RUN_ID: '4242',
      GITHUB_RUN_ATTEMPT: '2',
      GITHUB_SHA: 'abc123def4567890',
      GITHUB_HEAD_REF: 'feature/x',
      GITHUB_REF_NAME: '17/merge',
    };
    const first = await ci(fake, [], { env });
    const second = await ci(fake, [], { env });
    expect(first.exitCode).toBe(0);
    expect(second.exitCode).toBe(0);
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.headers['idempotency-key'])).toEqual(['github:4242:2:suite_1', 'github:4242:2:suite_1']);
    expect(JSON.parse(posts[0]?.body ?? '')).toEqual({
      trigger: 'ci',
      commitSha: 'abc123def4567890',
      branch: 'feature/x',
    });
    expect(second.stdout).toContain('Run run_1 passed');
    // A re-run of the workflow is a new attempt, hence a new run.
    const rerun = await ci(fake, [], { env: { ...env, GITHUB_RUN_ATTEMPT: '3' } });
    expect(rerun.stdout).toContain('Run run_2 passed');
  });

  it('derives them from GitLab CI, and flags win over the environment', async () => {
    const fake = await start(PASSING);
    const env = { CI_PIPELINE_ID: '99', CI_JOB_ID: '1234', CI_COMMIT_SHA: 'fff000', CI_COMMIT_REF_NAME: 'main' };
    await ci(fake, [], { env });
    await ci(fake, ['--commit', 'c0ffee', '--branch', 'release', '--idempotency-key', 'deploy-7'], { env });
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts[0]?.headers['idempotency-key']).toBe('gitlab:99:1234:suite_1');
    expect(JSON.parse(posts[0]?.body ?? '')).toEqual({ trigger: 'ci', commitSha: 'fff000', branch: 'main' });
    expect(posts[1]?.headers['idempotency-key']).toBe('deploy-7');
    expect(JSON.parse(posts[1]?.body ?? '')).toEqual({ trigger: 'ci', commitSha: 'c0ffee', branch: 'release' });
  });

  it('sends a fresh key per invocation outside CI', async () => {
    const fake = await start(PASSING);
    let n = 0;
    await ci(fake, [], { randomKey: () => `k${++n}` });
    await ci(fake, [], { randomKey: () => `k${++n}` });
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.headers['idempotency-key'])).toEqual(['cli:k1', 'cli:k2']);
    // No commit and no branch: the run is still labelled a CI run.
    expect(JSON.parse(posts[0]?.body ?? '')).toEqual({ trigger: 'ci' });
  });

  it('handles a trigger that answers with the finished run (200)', async () => {
    const fake = await start({ ...FAILING, finishedOnTrigger: true });
    const result = await ci(fake, ['--json']);
    expect(result.exitCode).toBe(1);
    expect(result.progress).toContain('had already finished');
    expect(fake.requests.some((r) => r.path.endsWith('/events'))).toBe(false);
    const run = JSON.parse(result.stdout) as { id: string; status: string; summary: { failed: number } };
    expect(run).toMatchObject({ id: 'run_1', status: 'failed', summary: { failed: 1 }, projectId: 'prj_1' });
  });

  it('--no-progress keeps assertion lines off stderr', async () => {
    const result = await ci(await start(PASSING), ['--no-progress']);
    expect(result.exitCode).toBe(0);
    expect(result.progress).not.toContain('PASS lists tools');
    expect(result.stdout).toContain('PASS lists tools');
  });

  it('takes the API URL from MCPTEST_API_URL, with or without /api/v1', async () => {
    const fake = await start(PASSING);
    const result = await ciCommand(['--suite', 'suite_1'], {
      stderr: () => undefined,
      env: { MCPTEST_TOKEN: TOKEN, MCPTEST_API_URL: `${fake.url}/api/v1/` },
      signal: new AbortController().signal,
    });
    expect(result.exitCode).toBe(0);
  });

  it.each([
    [['--api', 'http://127.0.0.1:1'], {}, '--suite ID is required'],
    [['--suite', 's'], {}, '--api URL is required (or set MCPTEST_API_URL)'],
    [['--api', 'http://127.0.0.1:1', '--suite', 's'], { MCPTEST_TOKEN: '' }, 'no API token: set MCPTEST_TOKEN'],
    [['--api', 'ftp://x', '--suite', 's'], {}, '--api must be an http:// or https:// URL'],
    [['--api', 'http://127.0.0.1:1', '--suite', 's', '--wait', '0'], {}, '--wait must be a number of seconds'],
    [['--api', 'http://u:p@127.0.0.1:1', '--suite', 's'], {}, '--api may not carry credentials'],
    [['--api', 'http://127.0.0.1:1', '--suite', 's', '--frob'], {}, 'unknown option --frob'],
  ])('usage error %j exits 2', async (argv, env, message) => {
    const result = await ciCommand(argv, { env: { MCPTEST_TOKEN: TOKEN, ...env }, stderr: () => undefined });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('usage: mcptest ci');
  });

  it('is dispatched by the CLI, with help', async () => {
    const result = await runCli(['ci', '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('usage: mcptest ci --api URL --suite ID');
  });
});
