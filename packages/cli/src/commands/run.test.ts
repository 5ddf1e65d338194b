// `mcptest run` end to end: the real command (node_modules/.bin/mcptest) against a real server-everything, over both
// transports, with suites of deliberately passing, failing and skipped assertions.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { jsonReport, runMcptest } from '../run/spawn-mcptest';
import { runCommand } from './run';

/** Spawned runs take seconds each on a loaded machine; vitest's 30 s default is too tight for these. */
const SLOW_TEST_MS = 90_000;

const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-run-'));
const file = (name: string, text: string): string => {
  const full = path.join(dir, name);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
};

// No server: blocks, so --url supplies the server (and leaving it out is a configuration error).
const mixed = file(
  'mixed.yaml',
  `name: mixed
timeout: 15s
assertions:
  - name: echo says hello
    assert: { tool: echo, args: { message: hello }, expect: { contains: ['Echo: hello'] } }
  - name: sum is five
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { not_error: true, contains: ['is 5.'] } }
  - name: echo wrongly expects goodbye
    assert: { tool: echo, args: { message: hello }, expect: { contains: [goodbye] } }
  - name: sum wrongly expects six
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { equals: 'The sum of 2 and 3 is 6.' } }
  - name: skipped on purpose
    skip: not today
    assert: { tool: echo, args: { message: x }, expect: { not_error: true } }
`,
);

const passing = file(
  'passing.yaml',
  `name: passing
assertions:
  - name: echo says hello
    assert: { tool: echo, args: { message: hello }, expect: { contains: ['Echo: hello'] } }
  - name: sum is five
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['is 5.'] } }
  - name: needs a secret
    skip_unless_env: MCPTEST_RUN_TEST_NEVER_SET
    assert: { tool: echo, args: { message: x }, expect: { not_error: true } }
`,
);

const trajectoryDir = path.join(dir, 'trajectory');
file(
  'trajectory/in-order.yaml',
  `name: read before write
trace:
  - { tool: read_file, args: { path: a } }
  - { tool: write_file, args: { path: a } }
trajectory:
  - { type: order, tools: [read_file, write_file] }
`,
);
file(
  'trajectory/out-of-order.yaml',
  `name: write before read must fail
trace:
  - { tool: write_file, args: { path: a } }
  - { tool: read_file, args: { path: a } }
trajectory:
  - { type: order, tools: [read_file, write_file] }
  - { type: absence, tools: [delete_file] }
`,
);

const broken = file('broken.yaml', 'name: broken\nassert:\n  tool: echo\n  expect: { contians: [x] }\n');
const greedy = file(
  'greedy.yaml',
  `name: greedy
policy: { concurrency: 8 }
assertions:
  - name: echo
    assert: { tool: echo, args: { message: hi }, expect: { not_error: true } }
`,
);

const BROKEN_BASELINE = file('broken-baseline.json', '{"entries": [');

const placeholder = (arg: string): string =>
  ({ MIXED: mixed, BROKEN: broken, GREEDY: greedy, URL: http.url })[arg] ?? arg;

let http: RunningServer;
let sse: RunningServer;
beforeAll(async () => {
  [http, sse] = await Promise.all([startEverythingServer('streamableHttp'), startEverythingServer('sse')]);
});
afterAll(async () => {
  await Promise.all([http?.stop(), sse?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const RESULT_KEYS = ['name', 'status', 'detail', 'durationMs', 'file', 'tool'];

describe('mcptest run against server-everything', () => {
  it.concurrent.each([
    ['streamableHttp', 'http'],
    ['sse', 'auto'], // auto must fall back from Streamable HTTP to SSE on its own
  ] as const)(
    'reports passes, failures and skips exactly over %s (--transport %s)',
    async (mode, transport) => {
      const url = mode === 'sse' ? sse.url : http.url;
      const outcome = await runMcptest(['run', mixed, '--url', url, '--transport', transport, '--json']);
      const report = jsonReport(outcome);
      expect(outcome.code, outcome.stderr).toBe(1);
      // protocolVersion: the revision the sessions negotiated (server-everything speaks the 2025 era).
      expect(Object.keys(report)).toEqual(['summary', 'results', 'regressions', 'protocolVersion']);
      expect((report as { protocolVersion?: string }).protocolVersion).toBe('2025-11-25');
      expect(Object.keys(report.summary)).toEqual(['total', 'passed', 'failed', 'skipped']);
      expect(report.summary).toEqual({ total: 5, passed: 2, failed: 2, skipped: 1 });
      expect(report.results.map((r) => [r.name, r.status])).toEqual([
        ['echo says hello', 'PASS'],
        ['sum is five', 'PASS'],
        ['echo wrongly expects goodbye', 'FAIL'],
        ['sum wrongly expects six', 'FAIL'],
        ['skipped on purpose', 'SKIP'],
      ]);
      for (const result of report.results.slice(0, 4)) {
        expect(Object.keys(result)).toEqual(RESULT_KEYS);
        expect(result.file).toBe(mixed);
        expect(typeof result.durationMs).toBe('number');
      }
      expect(report.results[0]?.detail).toBe('');
      expect(report.results[2]?.detail).toContain('goodbye');
      expect(report.results[3]?.detail).toContain('is 6.');
      expect(report.results[4]?.detail).toContain('not today');
      expect(report.regressions).toEqual([]);
      // Progress: one line per assertion on stderr, nothing but the JSON on stdout.
      expect(outcome.stderr.match(/^\[\d\/5\] (PASS|FAIL|SKIP) /gm)).toHaveLength(5);
      expect(outcome.stderr).toMatch(/^\[\d\/5\] FAIL echo wrongly expects goodbye/m);
    },
    SLOW_TEST_MS,
  );

  it('exits 0 when everything passes or is skipped, with the terminal report on stdout', async () => {
    const outcome = await runMcptest(['run', passing, '--url', http.url]);
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(outcome.stdout).toMatch(/^PASS echo says hello \(/m);
    expect(outcome.stdout).toMatch(/^SKIP needs a secret \(/m);
    expect(outcome.stdout).toContain('MCPTEST_RUN_TEST_NEVER_SET');
    expect(outcome.stdout).toMatch(/^3 assertions, 2 passed, 1 skipped \(/m);
  });

  it('runs trajectory suites with no server, and a violated trajectory fails', async () => {
    const outcome = await runMcptest(['run', trajectoryDir, '--json']);
    expect(outcome.code, outcome.stderr).toBe(1);
    const report = jsonReport(outcome);
    expect(report.summary).toEqual({ total: 2, passed: 1, failed: 1, skipped: 0 });
    expect(report.results.map((r) => [r.name, r.status])).toEqual([
      ['read before write', 'PASS'],
      ['write before read must fail', 'FAIL'],
    ]);
  });

  // Connection trouble is a FAIL of each assertion (exit 1), with the SSRF rule named; the CLI admits loopback by default.
  it.each([
    ['a metadata address, whatever the allowlist', 'http://169.254.169.254/mcp', {}, 'cloud metadata address'],
    ['loopback once the allowlist is none', 'URL', { MCPTEST_ALLOW_PRIVATE_NETWORKS: 'none' }, 'loopback address'],
  ])('refuses %s as a FAIL', async (_label, url, env, reason) => {
    const outcome = await runCommand([passing, '--url', placeholder(url), '--json'], { stderr: () => {}, env });
    const report = jsonReport({ code: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr });
    expect(report.summary).toEqual({ total: 3, passed: 0, failed: 2, skipped: 1 });
    expect(report.results[0]?.detail).toContain(reason);
    expect(outcome.exitCode).toBe(1);
  });

  it('an interrupted run still reports, skips what did not run, and exits 2', async () => {
    const progress: string[] = [];
    const outcome = await runCommand([mixed, '--url', http.url, '--json'], {
      stderr: (text) => progress.push(text),
      env: {},
      signal: AbortSignal.abort(),
    });
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain('mcptest run: interrupted: assertions not yet run were skipped');
    const report = jsonReport({ code: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr });
    expect(report.summary).toEqual({ total: 5, passed: 0, failed: 0, skipped: 5 });
    expect(report.results.filter((r) => r.detail === 'run cancelled')).toHaveLength(4);
    expect(progress).toHaveLength(5);
  });

  // Through the real command: a bad flag value and a suite that does not load.
  it.concurrent.each([
    [['run', 'MIXED', '--url', 'URL', '--trials', '0'], '--trials must be an integer from 1 to 1000, not "0"'],
    // Located errors start their line (no prefix), so editors and CI annotations can jump to them.
    [['run', 'BROKEN', '--url', 'URL'], `\n${broken}:4:13: unknown key`],
  ])('exits 2 for %j', async (argv, message) => {
    const outcome = await runMcptest(argv.map(placeholder));
    expect(`\n${outcome.stderr}`).toContain(message);
    expect(outcome.stdout).toBe('');
    expect(outcome.code).toBe(2);
  });

  // The rest of the usage and configuration errors in-process (each spawn costs seconds of start-up).
  it.each([
    [[], 'no suite files or directories given'],
    [['MIXED', '--url', 'URL', '--bogus'], 'unknown option --bogus'],
    [['MIXED', '--url', 'ftp://example.com/'], '--url must be an http:// or https:// URL'],
    [['MIXED', '--url', 'URL', '--badge', 'b.png'], '--badge must name a .svg (image) or .json'],
    [['MIXED', '--url', 'URL', '--concurrency', 'lots'], '--concurrency must be an integer from 1 to 32'],
    [[path.join(dir, 'missing.yaml')], 'missing.yaml: no such file or directory'],
    [
      ['BROKEN', '--url', 'URL'],
      `${broken}:4:13: unknown key \`contians\` in \`assert.expect\` (did you mean \`contains\`?)\nmcptest run: 1 error in the suites; nothing was run`,
    ],
    [['MIXED'], '"echo says hello" has no server: pass --url or add a server: block'],
    [['GREEDY', '--url', 'URL'], 'concurrency: 8 is above the command line'],
    [['MIXED', '--url', 'URL', '--baseline', path.join(dir, 'nope.json')], `--baseline ${path.join(dir, 'nope.json')}`],
    [['MIXED', '--url', 'URL', '--baseline', BROKEN_BASELINE], 'baseline is not valid JSON'],
    [['MIXED', '--url', 'URL', '--fixture', path.join(dir, 'no-such-dir')], 'no-such-dir: not a directory'],
  ])('exits 2 for run %j', async (argv, message) => {
    const progress: string[] = [];
    const outcome = await runCommand(argv.map(placeholder), { stderr: (t) => progress.push(t), env: {} });
    expect(outcome.stderr).toContain(message);
    expect(outcome.stdout).toBe('');
    expect(progress).toEqual([]);
    expect(outcome.exitCode).toBe(2);
  });
});
