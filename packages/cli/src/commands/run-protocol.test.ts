// `mcptest run` in both protocol eras: the real command against server-everything (2025) and a modern-only SDK v2
// server (2026-07-28) serving the same tools. The same suite gives the same results; the JSON and terminal reports
// name the negotiated revision; `--protocol` pins it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { startModernServer, type ModernServer } from '../../../../test/modern-server';
import { jsonReport, runMcptest } from '../run/spawn-mcptest';

/** Spawned runs take seconds each on a loaded machine. */
const SLOW_TEST_MS = 90_000;

const suite = path.join(mkdtempSync(path.join(tmpdir(), 'mcptest-protocol-')), 'eras.yaml');
writeFileSync(
  suite,
  `name: eras
timeout: 15s
assertions:
  - name: echo says hello
    assert: { tool: echo, args: { message: hello }, expect: { contains: ['Echo: hello'] } }
  - name: sum wrongly expects six
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { equals: 'The sum of 2 and 3 is 6.' } }
  - name: prompt
    assert_prompts: { get: { name: simple-prompt }, expect: { contains: ['simple prompt'] } }
`,
);

let everything: RunningServer;
let modern: ModernServer;
beforeAll(async () => {
  [everything, modern] = await Promise.all([startEverythingServer('streamableHttp'), startModernServer()]);
});
afterAll(async () => {
  await Promise.all([everything?.stop(), modern?.stop()]);
});

describe('mcptest run --protocol', () => {
  it(
    'gives the same results in both eras and reports the negotiated revision',
    async () => {
      const [legacy, current] = await Promise.all([
        runMcptest(['run', suite, '--url', everything.url, '--json']),
        runMcptest(['run', suite, '--url', modern.url, '--json']),
      ]);
      const legacyReport = jsonReport(legacy);
      const currentReport = jsonReport(current);
      const statuses = (report: typeof legacyReport) => report.results.map((r) => [r.name, r.status, r.detail]);
      expect(statuses(currentReport)).toEqual(statuses(legacyReport));
      expect(currentReport.summary).toEqual({ total: 3, passed: 2, failed: 1, skipped: 0 });
      expect((legacyReport as { protocolVersion?: string }).protocolVersion).toBe('2025-11-25');
      expect((currentReport as { protocolVersion?: string }).protocolVersion).toBe('2026-07-28');
    },
    SLOW_TEST_MS,
  );

  it(
    'prints the revision in the terminal summary, and a pinned era that the server lacks fails the run',
    async () => {
      const [printed, pinned] = await Promise.all([
        runMcptest(['run', suite, '--url', modern.url, '--protocol', '2026-07-28']),
        runMcptest(['run', suite, '--url', modern.url, '--transport', 'http', '--protocol', '2025-11-25', '--json']),
      ]);
      expect(printed.stdout).toMatch(/^3 assertions, 2 passed, 1 failed \(.*, MCP 2026-07-28\)$/m);
      expect(pinned.code).toBe(1);
      const report = jsonReport(pinned);
      expect(report.summary).toMatchObject({ failed: 3 });
      expect(String(report.results[0]?.detail)).toContain('Unsupported protocol version: 2025-11-25');
      expect((report as { protocolVersion?: string }).protocolVersion).toBeUndefined();
    },
    SLOW_TEST_MS,
  );
});
