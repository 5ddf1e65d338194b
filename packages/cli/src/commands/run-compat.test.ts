// The mcp-assert corpus (test/compat/mcp-assert, unmodified) through the real `mcptest run`, against the servers
// it was written for: server-everything over both transports via --url, and the trajectory examples with no server.
// The memory corpus is in run-memory.test.ts; the filesystem corpus runs over stdio below.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { jsonReport, runMcptest } from '../run/spawn-mcptest';
import { COMPAT_DIR } from '../../../../test/compat';

/**
 * Spawned runs take seconds each on a loaded machine, and the filesystem corpus starts its server through `npx` once
 * per assertion (28 starts): about 60 s alone, up to 180 s while the worker and HTTP tests run beside it on 2 cores.
 */
const SLOW_TEST_MS = 300_000;

const corpus = COMPAT_DIR;

let http: RunningServer;
let sse: RunningServer;
beforeAll(async () => {
  [http, sse] = await Promise.all([startEverythingServer('streamableHttp'), startEverythingServer('sse')]);
});
afterAll(async () => {
  await Promise.all([http?.stop(), sse?.stop()]);
});

/** Files of the corpus that cannot pass for a reason outside mcptest, with that reason. */
const EVERYTHING_EXPECTED_SKIPS: Readonly<Record<string, string>> = {
  'simulate-research-query requires taskSupport (not yet supported)':
    'the file says skip: true; the tool needs the tasks capability (taskSupport), which mcp-assert lacked',
};

/**
 * Files whose outcome depends on the machine, not on mcptest: with no default arguments given, gzip-file-as-resource
 * makes the server download a README from raw.githubusercontent.com. With internet access it passes; without (CI
 * sandboxes) the server answers isError with "fetch failed", which must then be reported as exactly that FAIL.
 */
const EVERYTHING_NEEDS_INTERNET: Readonly<Record<string, RegExp>> = {
  'gzip-file-as-resource returns expected result': /tool returned isError=true; server response: fetch failed/,
};

describe('mcp-assert corpus through mcptest run', () => {
  it.concurrent.each([
    ['streamableHttp', 'http'],
    ['sse', 'sse'],
  ] as const)(
    'mcp-everything-ts passes unchanged over %s',
    async (mode, transport) => {
      const url = mode === 'sse' ? sse.url : http.url;
      const outcome = await runMcptest([
        'run',
        path.join(corpus, 'mcp-everything-ts'),
        '--url',
        url,
        '--transport',
        transport,
        '--call-delay',
        '0',
        '--concurrency',
        '4',
        '--json',
      ]);
      const report = jsonReport(outcome);
      const skipped = report.results.filter((r) => r.status === 'SKIP').map((r) => r.name);
      expect(skipped).toEqual(Object.keys(EVERYTHING_EXPECTED_SKIPS));
      const failed = report.results.filter((r) => r.status === 'FAIL');
      for (const failure of failed) {
        const offline = EVERYTHING_NEEDS_INTERNET[String(failure.name)];
        expect(offline, `unexpected failure: ${failure.name}: ${failure.detail}`).toBeDefined();
        expect(failure.detail).toMatch(offline ?? /^$/);
      }
      expect(report.summary).toEqual({ total: 13, passed: 12 - failed.length, failed: failed.length, skipped: 1 });
      expect(outcome.code, outcome.stderr).toBe(failed.length > 0 ? 1 : 0);
    },
    SLOW_TEST_MS,
  );

  it('trajectory examples pass with no server at all', async () => {
    const outcome = await runMcptest(['run', path.join(corpus, 'trajectory'), '--json']);
    const report = jsonReport(outcome);
    expect(report.results.filter((r) => r.status !== 'PASS')).toEqual([]);
    expect(report.summary).toEqual({ total: 20, passed: 20, failed: 0, skipped: 0 });
    expect(outcome.code, outcome.stderr).toBe(0);
  });

  // The filesystem corpus over stdio from the CLI (server-filesystem is a root devDependency, started through `npx`
  // exactly as the files say), each assertion on its own copy of the fixture directory, which stays untouched.
  it(
    'filesystem runs over stdio with --fixture; destructive tools are held back unless allowed',
    async () => {
      const fixture = path.join(corpus, 'filesystem', 'fixtures');
      const base = ['run', path.join(corpus, 'filesystem'), '--fixture', fixture, '--call-delay', '0', '--json'];
      // One after the other: each assertion starts its own `npx` server, and two runs at once on a loaded 2-core
      // machine pushed a start past the corpus files' own 15 s timeout.
      const guarded = await runMcptest(base);
      const allowed = await runMcptest([...base, '--execute-destructive']);

      // write_file and edit_file declare destructiveHint: true; move_file's setup calls write_file.
      const held = jsonReport(guarded);
      // Failures first with their reasons (on an overloaded machine, an `npx` start past the files' 15 s timeout).
      expect(held.results.filter((r) => r.status === 'FAIL').map((r) => `${r.name}: ${r.detail}`)).toEqual([]);
      expect(held.results.filter((r) => r.status === 'SKIP').map((r) => r.name)).toEqual([
        'edit_file modifies existing file content',
        'move_file renames a file',
        'write_file creates a new file',
      ]);
      expect(held.summary).toEqual({ total: 14, passed: 11, failed: 0, skipped: 3 });
      expect(guarded.code, guarded.stderr).toBe(0);

      // With destructive calls allowed everything runs. move_file cannot pass for a reason outside mcptest: the
      // corpus's fixture folder already holds moved.txt (left by upstream runs), so the server refuses to overwrite
      // it, exactly as mcp-assert itself reports without its --docker isolation.
      const all = jsonReport(allowed);
      const failed = all.results.filter((r) => r.status === 'FAIL');
      expect(failed.map((r) => [r.name, r.detail])).toEqual([
        ['move_file renames a file', expect.stringMatching(/Destination already exists/)],
      ]);
      expect(all.summary).toEqual({ total: 14, passed: 13, failed: 1, skipped: 0 });
      expect(allowed.code).toBe(1);
    },
    SLOW_TEST_MS,
  );
});
