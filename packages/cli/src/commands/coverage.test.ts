import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RISK_LEVELS, type CoverageReport } from '@mcptest/core';
import { openSession } from '@mcptest/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPAT_DIR } from '../../../../test/compat';
import { type RunningServer, startEverythingServer } from '../../../../test/mcp-servers';
import { coverageCommand } from './coverage';

const SUITES = path.join(COMPAT_DIR, 'mcp-everything-ts');

let server: RunningServer;
let listed: string[];
let dir: string;
beforeAll(async () => {
  server = await startEverythingServer();
  const session = await openSession({ url: server.url, transport: 'http', clientInfo: { name: 't', version: '0' } });
  try {
    listed = (await session.listAllTools()).tools.map((tool) => tool.name);
  } finally {
    await session.close();
  }
  dir = await mkdtemp(path.join(tmpdir(), 'mcptest-coverage-'));
});
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('mcptest coverage against server-everything', () => {
  it('lists every tool the server lists, each with its phase, with the compat suites as assertions', async () => {
    const result = await coverageCommand([SUITES, '--url', server.url, '--json']);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as CoverageReport;
    expect(report.tools.map((t) => t.name).sort()).toEqual([...listed].sort());
    for (const tool of report.tools) expect(RISK_LEVELS).toContain(tool.phase);
    // In phase order.
    const ranks = report.tools.map((t) => RISK_LEVELS.indexOf(t.phase));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(report.tools.find((t) => t.name === 'echo')).toMatchObject({ phase: 'read-only', covered: true });
    expect(report.totals.tools).toBe(listed.length);
    expect(report.totals.covered).toBeGreaterThanOrEqual(12);
  });

  it('prints the text table with one row per tool and its phase', async () => {
    const result = await coverageCommand([SUITES, '--url', server.url]);
    expect(result.exitCode).toBe(0);
    for (const name of listed) {
      expect(result.stdout).toMatch(new RegExp(`^(setup|read-only|low|medium|high)\\s+${name}\\s`, 'm'));
    }
    expect(result.stdout).toMatch(/^Server lists \d+ tools, \d+ covered by an assertion \(\d+%\)$/m);
  });

  it("writes mcp-assert's coverage JSON and reads a saved tools/list instead of a URL", async () => {
    const toolsFile = path.join(dir, 'tools.json');
    await writeFile(toolsFile, JSON.stringify({ tools: listed.map((name) => ({ name })) }));
    const target = path.join(dir, 'coverage.json');
    const result = await coverageCommand([SUITES, '--tools', toolsFile, '--coverage-json', target]);
    expect(result.exitCode).toBe(0);
    const written = JSON.parse(await readFile(target, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(written)).toEqual(['total', 'covered', 'percentage', 'covered_tools', 'uncovered_tools']);
    expect(written.total).toBe(listed.length);
  });

  it('refuses to run without exactly one tool source', async () => {
    expect((await coverageCommand([SUITES])).exitCode).toBe(2);
    expect((await coverageCommand([SUITES, '--url', server.url, '--tools', 'x.json'])).stderr).toMatch(
      /either --url or --tools/,
    );
    expect((await coverageCommand(['--url', server.url])).stderr).toMatch(/no suite files/);
  });
});
