// `mcptest run` report files, baselines, snapshots and the call budget, end to end through the real command against a
// real server-everything (the exit codes and result counts are in run.test.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseBaseline } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { jsonReport, runMcptest } from '../run/spawn-mcptest';

/** Spawned runs take seconds each on a loaded machine; vitest's 30 s default is too tight for these. */
const SLOW_TEST_MS = 90_000;

const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-run-outputs-'));
const file = (name: string, text: string): string => {
  const full = path.join(dir, name);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
};

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

// The same names as passing.yaml: "echo says hello" now fails and "sum is five" is skipped (both regressions);
// "needs a secret" was SKIP in the baseline, so its failure now is a failure but not a regression.
const regressed = file(
  'regressed.yaml',
  `name: regressed
assertions:
  - name: echo says hello
    assert: { tool: echo, args: { message: hello }, expect: { contains: [goodbye] } }
  - name: sum is five
    skip: true
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['is 5.'] } }
  - name: needs a secret
    assert: { tool: echo, args: { message: x }, expect: { contains: [nope] } }
`,
);

// Only a PASS -> SKIP regression: nothing fails, and the exit code must still be 1.
const skippedOnly = file(
  'skipped-only.yaml',
  `name: skipped only
assertions:
  - name: echo says hello
    assert: { tool: echo, args: { message: hello }, expect: { contains: ['Echo: hello'] } }
  - name: sum is five
    skip: true
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['is 5.'] } }
`,
);

let http: RunningServer;
let sse: RunningServer;
beforeAll(async () => {
  [http, sse] = await Promise.all([startEverythingServer('streamableHttp'), startEverythingServer('sse')]);
});
afterAll(async () => {
  await Promise.all([http?.stop(), sse?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('mcptest run outputs', () => {
  it(
    'writes JUnit, Markdown, badges and a baseline, then finds PASS -> FAIL and PASS -> SKIP regressions',
    async () => {
      const out = path.join(dir, 'out');
      const summary = file('step-summary.md', '');
      const saved = await runMcptest(
        [
          'run',
          passing,
          '--url',
          sse.url,
          '--transport',
          'sse',
          '--junit',
          path.join(out, 'junit.xml'),
          '--markdown',
          path.join(out, 'report.md'),
          '--badge',
          path.join(out, 'badge.svg'),
          '--save-baseline',
          path.join(out, 'baseline.json'),
        ],
        { GITHUB_STEP_SUMMARY: summary },
      );
      expect(saved.code, saved.stderr).toBe(0);
      const junit = readFileSync(path.join(out, 'junit.xml'), 'utf8');
      expect(junit).toMatch(/^<\?xml /);
      expect(junit).toContain('tests="3"');
      expect(junit).toContain('skipped="1"');
      expect(junit).toContain('name="echo says hello"');
      const markdown = readFileSync(path.join(out, 'report.md'), 'utf8');
      expect(markdown).toContain('echo says hello');
      expect(readFileSync(summary, 'utf8')).toContain(markdown);
      expect(readFileSync(path.join(out, 'badge.svg'), 'utf8')).toMatch(/^<svg[\s\S]*2\/2 passing[\s\S]*<\/svg>$/);
      const baseline = parseBaseline(readFileSync(path.join(out, 'baseline.json'), 'utf8'));
      expect(baseline.ok && baseline.baseline.entries).toEqual([
        { name: 'echo says hello', status: 'PASS' },
        { name: 'needs a secret', status: 'SKIP' },
        { name: 'sum is five', status: 'PASS' },
      ]);

      const [both, skipOnly] = await Promise.all([
        runMcptest([
          'run',
          regressed,
          '--url',
          http.url,
          '--json',
          '--baseline',
          path.join(out, 'baseline.json'),
          '--badge',
          path.join(out, 'badge.json'),
        ]),
        runMcptest(['run', skippedOnly, '--url', http.url, '--json', '--baseline', path.join(out, 'baseline.json')]),
      ]);
      expect(both.code, both.stderr).toBe(1);
      const report = jsonReport(both);
      expect(report.summary).toEqual({ total: 3, passed: 0, failed: 2, skipped: 1 });
      expect(report.regressions.map((r) => [r.name, r.before, r.after])).toEqual([
        ['echo says hello', 'PASS', 'FAIL'],
        ['sum is five', 'PASS', 'SKIP'],
      ]);
      expect(JSON.parse(readFileSync(path.join(out, 'badge.json'), 'utf8'))).toEqual({
        schemaVersion: 1,
        label: 'mcptest',
        message: '0/2 passing, 2 regressed',
        color: 'red',
      });

      expect(skipOnly.code, skipOnly.stderr).toBe(1);
      expect(jsonReport(skipOnly).summary).toEqual({ total: 2, passed: 1, failed: 0, skipped: 1 });
      expect(jsonReport(skipOnly).regressions.map((r) => r.name)).toEqual(['sum is five']);
    },
    SLOW_TEST_MS,
  );

  it(
    'records snapshots with --update-snapshots, then compares with them (found by a relative path too)',
    async () => {
      const suite = file(
        'snap/echo.yaml',
        `name: snap
assertions:
  - name: echo snapshot
    assert: { tool: echo, args: { message: snap }, expect: { snapshot: true } }
`,
      );
      const first = await runMcptest(['run', suite, '--url', http.url, '--json']);
      expect(jsonReport(first).results.map((r) => r.status)).toEqual(['FAIL']);
      const update = await runMcptest(['run', suite, '--url', http.url, '--update-snapshots', '--json']);
      expect(update.code, update.stderr).toBe(0);
      expect(update.stderr).toContain(
        `snapshots written to ${path.join(dir, 'snap', '__snapshots__', 'echo.yaml.snap.json')}`,
      );
      const stored = JSON.parse(readFileSync(path.join(dir, 'snap', '__snapshots__', 'echo.yaml.snap.json'), 'utf8'));
      expect(Object.keys(stored.snapshots)).toEqual(['echo snapshot']);
      const again = await runMcptest(['run', path.relative(process.cwd(), suite), '--url', http.url, '--json']);
      expect(jsonReport(again).results.map((r) => r.status)).toEqual(['PASS']);
      expect(again.code).toBe(0);
    },
    SLOW_TEST_MS,
  );

  it(
    'runs trials under --max-calls: the budget stops the run cleanly and the rest SKIP',
    async () => {
      const outcome = await runMcptest([
        'run',
        passing,
        '--url',
        http.url,
        '--trials',
        '2',
        '--max-calls',
        '3',
        '--session',
        'shared',
        '--json',
      ]);
      expect(outcome.code, outcome.stderr).toBe(0);
      const report = jsonReport(outcome);
      // echo: two calls, both trials pass; sum: its first trial takes the third call, the second is refused.
      expect(report.results.map((r) => [r.name, r.status, r.trials])).toEqual([
        ['echo says hello', 'PASS', { k: 2, passed: 2, passAtK: 1, passHatK: 1 }],
        ['sum is five', 'PASS', undefined],
        ['needs a secret', 'SKIP', undefined],
      ]);
      expect(outcome.stderr).toMatch(/^\[4\/6\] SKIP sum is five /m);
      expect(outcome.stderr).toContain('call budget exhausted: this run may make at most 3 tool calls (max_calls)');
    },
    SLOW_TEST_MS,
  );
});
