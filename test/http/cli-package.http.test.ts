// The published CLI as a user gets it: `npm pack` of packages/cli (its prepack builds the standalone bundle), the
// tarball installed offline into an empty project outside the repository, and `mcptest ci` run from there against the
// running service (web app + worker, a real server-everything), exactly as docs/ci.md, the web app's CI snippet and
// the GitHub Action at the repository root run it.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useTestDatabase } from '../db';
import { startEverythingServer, type RunningServer } from '../mcp-servers';
import { useTestRedis } from '../redis';
import { useApiHarness } from './api-harness';

const exec = promisify(execFile);
const database = useTestDatabase();
const redis = useTestRedis();
const harness = useApiHarness(database, redis);

const SUITE = `
name: packaged cli
assertions:
  - name: echo says hello
    assert: { tool: echo, args: { message: hello }, expect: { contains: [hello] } }
  - name: adds numbers
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['5'] } }
`;

interface Packed {
  /** The empty project the tarball was installed into. */
  project: string;
  /** `npm pack --json`'s description of the tarball. */
  tarball: { filename: string; files: { path: string }[] };
  /** package.json as installed in the project. */
  manifest: Record<string, unknown> & { version: string };
}

/**
 * Packs the CLI and installs it into a fresh project, as a CI job would (CI=true), with `--offline`: the tarball must
 * need nothing from a registry. Started at load, beside the web app's start, because both take a while.
 */
async function packAndInstall(): Promise<Packed> {
  const project = await mkdtemp(path.join(tmpdir(), 'mcptest-user-project-'));
  const npmEnv = { ...process.env, CI: 'true', npm_config_update_notifier: 'false' };
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', project], {
    cwd: path.resolve('packages/cli'),
    env: npmEnv,
    maxBuffer: 10 * 1024 * 1024,
  });
  const [tarball] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Packed['tarball'][];
  if (!tarball) throw new Error(`npm pack printed no tarball:\n${stdout}`);
  await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
  await exec('npm', ['install', '--offline', '--no-audit', '--no-fund', `./${tarball.filename}`], {
    cwd: project,
    env: npmEnv,
  });
  const manifest = JSON.parse(
    await readFile(path.join(project, 'node_modules/@mcptest/cli/package.json'), 'utf8'),
  ) as Packed['manifest'];
  return { project, tarball, manifest };
}
const installing = packAndInstall().then(
  (packed) => ({ packed }),
  (error: unknown) => ({ error }),
);
async function installed(): Promise<Packed> {
  const outcome = await installing;
  if ('error' in outcome) throw outcome.error;
  return outcome.packed;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command in the user's project. Its environment is a CI job's, not this test run's: no GITHUB_* or CI_*
 * variables leak in (the test may itself run in GitHub Actions) unless `env` sets them, and npm may not go online.
 */
function inProject(project: string, command: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(GITHUB_|CI_|MCPTEST_|npm_)/.test(name)),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: project,
      env: { ...inherited, CI: 'true', NO_COLOR: '1', npm_config_offline: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let everything: RunningServer;
let token: string;
let suiteId: string;

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  everything = await startEverythingServer('streamableHttp');
  token = (await harness.createTenant('Packaged')).token;
  const project = await json<{ id: string }>(await harness.api(token, 'POST', '/projects', { name: 'CLI package' }));
  const server = await json<{ id: string }>(
    await harness.api(token, 'POST', `/projects/${project.id}/servers`, {
      name: 'everything',
      url: everything.url,
      transport: 'http',
    }),
  );
  const suite = await json<{ id: string }>(
    await harness.api(token, 'POST', `/projects/${project.id}/suites`, {
      name: 'packaged cli',
      serverId: server.id,
      yaml: SUITE,
    }),
  );
  suiteId = suite.id;
}, 120_000);

afterAll(async () => {
  await everything?.stop();
  const outcome = await installing;
  if ('packed' in outcome) await rm(outcome.packed.project, { recursive: true, force: true });
});

async function runTrigger(runUrl: string): Promise<{ trigger: string; commitSha: string | null; status: string }> {
  const id = runUrl.split('/').at(-1) ?? '';
  return json(await harness.api(token, 'GET', `/runs/${id}`));
}

/** The run URL `mcptest ci` prints last ("Run <id> passed: <url>"). */
function runUrlOf(outcome: Outcome): string {
  const url = /(https?:\/\/\S+\/runs\/\S+)\s*$/.exec(outcome.stdout.trim())?.[1];
  if (!url) throw new Error(`no run URL in the output (exit ${outcome.code}):\n${outcome.stdout}\n${outcome.stderr}`);
  return url;
}

describe('the published CLI (@mcptest/cli)', { timeout: 180_000 }, () => {
  it('packs a standalone bundle: a bin with a shebang, no dependencies, node >= 20, a README', async () => {
    const { tarball, manifest, project } = await installed();
    const files = tarball.files.map((f) => f.path).sort();
    expect(files).toContain('bin/mcptest.js');
    expect(files).toContain('dist/mcptest.js');
    expect(files).toContain('dist/THIRD-PARTY-LICENSES.txt');
    expect(files).toContain('README.md');
    expect(files.filter((f) => f.startsWith('src/') || f.endsWith('.ts'))).toEqual([]);
    expect(manifest).toMatchObject({ name: '@mcptest/cli', bin: { mcptest: './bin/mcptest.js' } });
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies).toBeUndefined();
    expect(String((manifest.engines as { node: string }).node)).toMatch(/^>=20/);
    const installedDir = path.join(project, 'node_modules/@mcptest/cli');
    expect(
      (await readFile(path.join(installedDir, 'dist/mcptest.js'), 'utf8')).startsWith('#!/usr/bin/env node\n'),
    ).toBe(true);
    // `--version` and `--help` load the entry and what it imports statically: the commands come in on demand, each a
    // chunk of its own (docs/benchmarks.md, "CLI start time"). Dynamic `import("./x.js")` is not matched here.
    const loaded = new Map<string, number>();
    const visit = async (file: string): Promise<void> => {
      if (loaded.has(file)) return;
      const code = await readFile(path.join(installedDir, 'dist', file), 'utf8');
      loaded.set(file, code.length);
      for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"]*?from\s*)?["']\.\/([^"']+)["']/g)) {
        await visit(m[1] ?? '');
      }
    };
    await visit('mcptest.js');
    const bytes = [...loaded.values()].reduce((sum, n) => sum + n, 0);
    expect(bytes, `the entry and its static imports (${[...loaded.keys()].join(', ')})`).toBeLessThan(64 * 1024);

    const version = await inProject(project, 'node_modules/.bin/mcptest', ['--version'], {});
    expect(version).toMatchObject({ code: 0, stdout: `${manifest.version}\n`, stderr: '' });
  });

  it('runs `npx --yes @mcptest/cli ci --api URL --suite ID` with MCPTEST_TOKEN: exit 0, labelled ci with no commit', async () => {
    const { project } = await installed();
    const outcome = await inProject(
      project,
      'npx',
      ['--yes', '@mcptest/cli', 'ci', '--api', harness.web.url, '--suite', suiteId, '--wait', '120'],
      { MCPTEST_TOKEN: token },
    );
    expect(outcome.code, `${outcome.stdout}\n${outcome.stderr}`).toBe(0);
    expect(outcome.stderr).toContain('PASS echo says hello');
    expect(outcome.stdout).toContain('2 assertions, 2 passed');
    expect(`${outcome.stdout}${outcome.stderr}`).not.toContain(token);
    // No CI variables, no --commit or --branch: still a CI run (it used to be labelled `api`).
    expect(await runTrigger(runUrlOf(outcome))).toMatchObject({ trigger: 'ci', commitSha: null, status: 'passed' });
  });

  it("runs the GitHub Action's script (npx of the pinned version) from the project, with GitHub's variables", async () => {
    const { project } = await installed();
    const action = parse(await readFile(path.resolve('action.yml'), 'utf8')) as {
      runs: { steps: { env?: Record<string, string>; run?: string }[] };
    };
    const step = action.runs.steps.find((s) => s.run?.includes('@mcptest/cli'));
    const inputs: Record<string, string> = {
      'api-url': harness.web.url,
      suite: suiteId,
      token,
      wait: '120',
      junit: 'reports/mcptest.xml',
      markdown: '',
      commit: '',
      branch: '',
      'idempotency-key': '',
      progress: 'true',
    };
    const env = Object.fromEntries(
      Object.entries(step?.env ?? {}).map(([name, value]) => [
        name,
        String(value).replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, input: string) => inputs[input] ?? ''),
      ]),
    );
    const summary = path.join(project, 'step-summary.md');
    const outcome = await inProject(project, 'bash', ['-c', step?.run ?? 'exit 99'], {
      ...env,
      GITHUB_ACTIONS: 'true',
      GITHUB_RUN_ID: '777',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_SHA: 'f00dfacef00dface',
      GITHUB_REF_NAME: 'main',
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(outcome.code, `${outcome.stdout}\n${outcome.stderr}`).toBe(0);
    expect(outcome.stderr).toContain(`idempotency key github:777:1:${suiteId}`);
    expect(await readFile(path.join(project, 'reports/mcptest.xml'), 'utf8')).toContain('echo says hello');
    expect(await readFile(summary, 'utf8')).toContain('adds numbers');
    expect(await runTrigger(runUrlOf(outcome))).toMatchObject({ trigger: 'ci', commitSha: 'f00dfacef00dface' });
  });
});
