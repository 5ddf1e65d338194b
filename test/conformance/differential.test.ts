// Differential test (issue 17 item 4): mcptest's conformance verdicts must agree with the official harness's on every
// check id both report, against real servers. The harness (@modelcontextprotocol/conformance, pinned exactly) needs
// Node 22+, so it runs under the Node 24 binary of scripts/lib/node-runtime.mjs, one child per shared scenario, each
// writing its checks.json into a temporary directory. Allowed differences live in allowed-differences.ts only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checksFor, defaultExecPolicy, type ConformanceRevision } from '@mcptest/core';
import { createSafeFetch, runConformance } from '@mcptest/mcp';
import { ensureNode } from '../../scripts/lib/node-runtime.mjs';
import { startEverythingServer, stopChild } from '../mcp-servers';
import { startModernServer } from '../modern-server';
import { NONCONFORMING_BREAKS, NONCONFORMING_BREAKS_MODERN, startNonconformingServer } from '../nonconforming-server';
import { ALLOWED_DIFFERENCES, type SharedVerdict } from './allowed-differences';

const HARNESS_BIN = path.resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js');
const fetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8', '::1/128'] }) as typeof globalThis.fetch;

/** The part of the harness's checks.json entries the comparison reads. */
const HarnessChecks = z.array(z.object({ id: z.string(), status: z.string(), errorMessage: z.string().optional() }));

const OFFICIAL_VERDICT: Record<string, SharedVerdict | undefined> = {
  SUCCESS: 'PASS',
  // The official INFO means "nothing to judge" (no tools); mcptest says PASS with the message (docs/protocol.md).
  INFO: 'PASS',
  FAILURE: 'FAIL',
  WARNING: 'WARN',
};

/** The harness's statuses from least to most severe, for folding an id reported more than once. */
const SEVERITY = ['SKIPPED', 'INFO', 'SUCCESS', 'WARNING', 'FAILURE'];

const children = new Set<ChildProcess>();

/** Runs one official scenario against `url` and returns its checks by id (status in the harness's vocabulary). */
async function runHarness(
  node: string,
  url: string,
  scenario: string,
  revision: ConformanceRevision,
): Promise<Map<string, string>> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'mcptest-differential-'));
  try {
    const args = [HARNESS_BIN, 'server', '--url', url, '--scenario', scenario];
    args.push('--spec-version', revision, '--force', '-o', outDir, '--timeout', '20000');
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve) => child.once('exit', () => resolve()));
    children.delete(child);
    const runDir = readdirSync(outDir).find((name) => name.startsWith(`server-${scenario}-`));
    if (!runDir) throw new Error(`the harness wrote no results for ${scenario}:\n${output}`);
    const checks = HarnessChecks.parse(JSON.parse(readFileSync(path.join(outDir, runDir, 'checks.json'), 'utf8')));
    // A scenario may report one id several times (http-header-validation: one per header case); mcptest reports it
    // once, judged over all its cases, so the harness's entries fold into the worst of them.
    const byId = new Map<string, string>();
    for (const check of checks) {
      const before = byId.get(check.id);
      if (before === undefined || SEVERITY.indexOf(check.status) > SEVERITY.indexOf(before))
        byId.set(check.id, check.status);
    }
    return byId;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

interface Disagreement {
  readonly check: string;
  readonly mcptest: string;
  readonly official: string;
}

/**
 * Runs both sides on the scenarios mcptest's catalog shares for `revision` (the fixture scenarios are left out:
 * without a named fixture mcptest skips them by design, and a skip is no verdict to compare) and returns every
 * shared check id whose verdicts differ, plus the number of ids compared.
 */
async function differential(
  url: string,
  revision: ConformanceRevision,
): Promise<{ compared: string[]; verdicts: Record<string, string>; disagreements: Disagreement[] }> {
  const node = ensureNode(24);
  const scenarios = [
    ...new Set(
      checksFor(revision)
        .filter((c) => !c.toolFixture)
        .map((c) => c.scenario),
    ),
  ];
  const [report, official] = await Promise.all([
    runConformance({ url, revision, fetch, policy: defaultExecPolicy() }),
    Promise.all(scenarios.map((s) => runHarness(node, url, s, revision))),
  ]);
  const officialById = new Map(official.flatMap((m) => [...m]));
  const compared: string[] = [];
  const verdicts: Record<string, string> = {};
  const disagreements: Disagreement[] = [];
  for (const result of report.results) {
    const theirs = officialById.get(result.id);
    if (theirs === undefined || result.status === 'SKIPPED') continue;
    compared.push(result.id);
    verdicts[result.id] = result.status;
    if (OFFICIAL_VERDICT[theirs] !== result.status)
      disagreements.push({ check: result.id, mcptest: result.status, official: theirs });
  }
  return { compared, verdicts, disagreements };
}

/** Splits disagreements into the unexplained ones and the allowed-difference entries for `server` that are stale. */
function judge(server: string, disagreements: readonly Disagreement[]) {
  const allowed = ALLOWED_DIFFERENCES.filter((a) => a.server === server);
  const unexplained = disagreements.filter(
    (d) =>
      !allowed.some(
        (a) => a.check === d.check && a.mcptest === d.mcptest && OFFICIAL_VERDICT[d.official] === a.official,
      ),
  );
  const stale = allowed.filter(
    (a) =>
      !disagreements.some(
        (d) => d.check === a.check && d.mcptest === a.mcptest && OFFICIAL_VERDICT[d.official] === a.official,
      ),
  );
  return { unexplained, stale };
}

afterAll(async () => {
  await Promise.all([...children].map((child) => stopChild(child)));
});

describe('differential conformance: mcptest vs @modelcontextprotocol/conformance', () => {
  describe('server-everything (2025-11-25)', () => {
    let server: Awaited<ReturnType<typeof startEverythingServer>>;
    beforeAll(async () => {
      server = await startEverythingServer();
    }, 60_000);
    afterAll(() => server.stop());

    it('agrees on every shared check id', async () => {
      const { compared, disagreements } = await differential(server.url, '2025-11-25');
      expect(compared).toEqual(
        expect.arrayContaining([
          'server-initialize',
          'ping',
          'tools-list',
          'prompts-list',
          'localhost-host-rebinding-rejected',
          'json-schema-2020-12-tool-found',
        ]),
      );
      expect(judge('server-everything', disagreements)).toEqual({ unexplained: [], stale: [] });
    }, 120_000);
  });

  describe('modern-only SDK v2 server (2026-07-28)', () => {
    let server: Awaited<ReturnType<typeof startModernServer>>;
    beforeAll(async () => {
      server = await startModernServer({ legacy: 'reject' });
    });
    afterAll(() => server.stop());

    it('agrees on every shared check id', async () => {
      const { compared, disagreements } = await differential(server.url, '2026-07-28');
      expect(compared).toEqual(
        expect.arrayContaining([
          'tools-list',
          'resources-list',
          'sep-2164-no-empty-contents',
          'sep-2575-server-implements-discover',
          'sep-2575-http-server-method-not-found-404-ping',
          'sep-2549-resources-read-caching-hints',
          'sep-2243-server-reject-invalid-headers',
          'sep-2243-server-accepts-whitespace-header-value',
          'localhost-host-valid-accepted',
        ]),
      );
      expect(judge('modern-only', disagreements)).toEqual({ unexplained: [], stale: [] });
    }, 120_000);
  });
  describe('a deliberately non-conforming server (2025-11-25)', () => {
    let server: Awaited<ReturnType<typeof startNonconformingServer>>;
    beforeAll(async () => {
      server = await startNonconformingServer();
    });
    afterAll(() => server.stop());

    it('both sides flag the checks it breaks, and agree on every shared check id', async () => {
      const { compared, verdicts, disagreements } = await differential(server.url, '2025-11-25');
      expect(compared).toEqual(expect.arrayContaining(Object.keys(NONCONFORMING_BREAKS)));
      expect(verdicts).toMatchObject(NONCONFORMING_BREAKS);
      expect(judge('nonconforming', disagreements)).toEqual({ unexplained: [], stale: [] });
    }, 120_000);

    it('in the 2026-07-28 set too: both sides flag the stateless core and header checks it breaks', async () => {
      const { compared, verdicts, disagreements } = await differential(server.url, '2026-07-28');
      expect(compared).toEqual(expect.arrayContaining(Object.keys(NONCONFORMING_BREAKS_MODERN)));
      expect(verdicts).toMatchObject(NONCONFORMING_BREAKS_MODERN);
      expect(judge('nonconforming-modern', disagreements)).toEqual({ unexplained: [], stale: [] });
    }, 120_000);
  });
});
