// `mcptest run` with a suite's `conformance:` block, end to end through the real command: the modern-only SDK v2
// server (2026-07-28) for JSON and JUnit, and the deliberately non-conforming 2025 server for the terminal report,
// where a WARN and a FAIL must show.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModernServer, type ModernServer } from '../../../../test/modern-server';
import { startNonconformingServer, type NonconformingServer } from '../../../../test/nonconforming-server';
import { jsonReport, runMcptest } from '../run/spawn-mcptest';

/** Spawned runs take seconds each on a loaded machine. */
const SLOW_TEST_MS = 90_000;

const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-run-conformance-'));
const file = (name: string, text: string): string => {
  const full = path.join(dir, name);
  writeFileSync(full, text);
  return full;
};

const modernSuite = file(
  'modern.yaml',
  `name: modern conformance
timeout: 15s
conformance:
  revision: 2026-07-28
  fixtures: { simple_text_tool: { tool: echo, arguments: { message: hi } } }
  expected_failures: [completion-complete]
assertions:
  - name: echo says hi
    assert: { tool: echo, args: { message: hi }, expect: { contains: ['Echo: hi'] } }
`,
);

const legacySuite = file(
  'legacy.yaml',
  `name: legacy conformance
timeout: 15s
conformance: { revision: 2025-11-25, expected_failures: [completion-complete] }
`,
);

let modern: ModernServer;
let nonconforming: NonconformingServer;
beforeAll(async () => {
  [modern, nonconforming] = await Promise.all([
    startModernServer({ rejectForeignHosts: true }),
    startNonconformingServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([modern?.stop(), nonconforming?.stop()]);
});

interface ConformanceJson {
  results: { name: string; status: string; detail: string; conformance?: Record<string, unknown> }[];
  conformance?: {
    file: string;
    revision: string;
    ok: boolean;
    protocolVersion?: string;
    counts: Record<string, number>;
    toolCalls: string[];
    results: { id: string; status: string; specUrl: string }[];
  }[];
}

describe('mcptest run with a conformance block', () => {
  it(
    'carries each check in --json (with its verdict) and the report, and writes them to JUnit',
    async () => {
      const junit = path.join(dir, 'modern.xml');
      const outcome = await runMcptest(['run', modernSuite, '--url', modern.url, '--json', '--junit', junit]);
      const report = jsonReport(outcome) as unknown as ConformanceJson;
      expect(outcome.code).toBe(0);
      const names = report.results.map((r) => r.name);
      expect(names.at(-1)).toBe('echo says hi');
      expect(names.filter((n) => n.startsWith('conformance '))).toHaveLength(names.length - 1);
      const xfail = report.results.find((r) => r.name === 'conformance completion-complete');
      expect(xfail).toMatchObject({
        status: 'PASS',
        conformance: { checkId: 'completion-complete', status: 'XFAIL', revision: '2026-07-28' },
      });
      expect(xfail?.detail).toMatch(/^XFAIL/);
      expect(report.results.find((r) => r.name === 'conformance tools-call-simple-text')?.conformance).toMatchObject({
        status: 'PASS',
      });
      expect(report.results.find((r) => r.name === 'echo says hi')?.conformance).toBeUndefined();

      expect(report.conformance).toHaveLength(1);
      const [suiteReport] = report.conformance ?? [];
      expect(suiteReport).toMatchObject({
        file: modernSuite,
        revision: '2026-07-28',
        ok: true,
        protocolVersion: '2026-07-28',
        toolCalls: ['echo'],
      });
      expect(suiteReport?.counts.XFAIL).toBe(1);
      expect(suiteReport?.results.map((r) => `conformance ${r.id}`)).toEqual(names.slice(0, -1));

      const xml = readFileSync(junit, 'utf8');
      expect(xml).toContain('<testcase name="conformance tools-list"');
      expect(xml).toMatch(/<system-out>conformance XFAIL \(MCP 2026-07-28, completion-complete\): https:\/\//);
    },
    SLOW_TEST_MS,
  );

  it(
    'shows a WARN and a FAIL in the terminal and fails the run on a non-conforming server',
    async () => {
      const outcome = await runMcptest(['run', legacySuite, '--url', nonconforming.url, '--no-color']);
      expect(outcome.code).toBe(1);
      const lines = outcome.stdout.split('\n');
      const warnAt = lines.findIndex((line) => line.startsWith('PASS conformance tools-name-format'));
      expect(warnAt).toBeGreaterThanOrEqual(0);
      expect(lines[warnAt + 1]).toMatch(/^\s+WARN: /);
      const pingAt = lines.findIndex((line) => line.startsWith('FAIL conformance ping'));
      expect(pingAt).toBeGreaterThanOrEqual(0);
      expect(outcome.stdout).toMatch(/XFAIL \(in expected_failures\)/);
      expect(outcome.stdout).toMatch(
        /conformance MCP 2025-11-25 \(.*legacy\.yaml\): 7 passed, 7 failed, 1 warning, 1 expected failure, 2 skipped.*: not ok/,
      );
    },
    SLOW_TEST_MS,
  );
});
