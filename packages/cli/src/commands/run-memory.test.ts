// The mcp-assert memory corpus (test/compat/mcp-assert/memory, unmodified) through the real `mcptest run`, and a
// stdio server started by the CLI itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMemoryGateway } from '../../../../test/memory-gateway';
import { jsonReport, runMcptest } from '../run/spawn-mcptest';
import { COMPAT_DIR } from '../../../../test/compat';

/** Spawned runs take seconds each on a loaded machine; vitest's 30 s default is too tight for these. */
const SLOW_TEST_MS = 90_000;

const corpus = COMPAT_DIR;
const scratch = mkdtempSync(path.join(tmpdir(), 'mcptest-memory-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('server-memory through mcptest run', () => {
  // The memory files name a stdio server (`npx [-y] @modelcontextprotocol/server-memory`). Here supergateway serves
  // the same server over Streamable HTTP with the graph in a scratch file and --url overrides the blocks, which is
  // the hosted-run shape (a URL); the stdio path of the CLI is covered by the suite below.
  // One call at a time keeps two server processes from writing that file at once.
  it.concurrent.each([
    [
      'with --execute-destructive every file passes',
      ['--execute-destructive'],
      { total: 9, passed: 9, failed: 0, skipped: 0 },
      [],
    ],
    [
      'without it the delete_* tools (Destructive by name) are refused, not called',
      [],
      { total: 9, passed: 6, failed: 0, skipped: 3 },
      [
        'delete_entities removes entities',
        'delete_observations removes observations',
        'delete_relations removes relations',
      ],
    ],
  ])(
    'memory via supergateway: %s',
    async (_label, flags, summary, skipped) => {
      const gateway = await startMemoryGateway(path.join(scratch, `memory-${flags.length}.jsonl`));
      try {
        const outcome = await runMcptest([
          'run',
          path.join(corpus, 'memory'),
          '--url',
          gateway.url,
          '--concurrency',
          '1',
          '--call-delay',
          '0',
          '--json',
          ...flags,
        ]);
        const report = jsonReport(outcome);
        expect(report.results.filter((r) => r.status === 'FAIL').map((r) => [r.name, r.detail])).toEqual([]);
        expect(report.results.filter((r) => r.status === 'SKIP').map((r) => r.name)).toEqual(skipped);
        for (const result of report.results.filter((r) => r.status === 'SKIP')) {
          expect(result.detail).toMatch(/destructive/i);
        }
        expect(report.summary).toEqual(summary);
        expect(outcome.code, outcome.stderr).toBe(0);
      } finally {
        await gateway.stop();
      }
    },
    SLOW_TEST_MS,
  );

  // A stdio server started by the CLI itself, through `npx` (offline: the package is a root devDependency), with
  // `${VAR}` expanded in the server block's env.
  it(
    'runs a stdio server from a suite server: block',
    async () => {
      const suite = path.join(scratch, 'memory-stdio.yaml');
      writeFileSync(
        suite,
        `name: memory over stdio
server:
  command: npx
  args: ['@modelcontextprotocol/server-memory']
  env: { MEMORY_FILE_PATH: '\${MCPTEST_TEST_MEMORY_FILE}' }
assertions:
  - name: create then read
    setup:
      - tool: create_entities
        args: { entities: [{ name: Ada, entityType: person, observations: [wrote programs] }] }
    assert: { tool: read_graph, args: {}, expect: { contains: [Ada, wrote programs] } }
  - name: a wrong expectation fails
    assert: { tool: search_nodes, args: { query: Ada }, expect: { contains: [Babbage] } }
`,
      );
      const memoryFile = path.join(scratch, 'stdio.jsonl');
      const outcome = await runMcptest(['run', suite, '--call-delay', '0', '--json'], {
        MCPTEST_TEST_MEMORY_FILE: memoryFile,
      });
      const report = jsonReport(outcome);
      expect(report.results.map((r) => [r.name, r.status])).toEqual([
        ['create then read', 'PASS'],
        ['a wrong expectation fails', 'FAIL'],
      ]);
      expect(outcome.code, outcome.stderr).toBe(1);
      expect(readFileSync(memoryFile, 'utf8')).toContain('Ada');
    },
    SLOW_TEST_MS,
  );
});
