// mcp-assert's own example corpora (test/compat/mcp-assert), loaded and run unchanged: mcp-everything-ts against
// a real server-everything (the server block replaced by its URL, as `--url` does), and trajectory/ with no server.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultExecPolicy, loadSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startEverythingServer } from '../../../../test/mcp-servers';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { executeSuite } from './execute-suite';
import type { ExecutedAssertion, ExecuteSuiteOptions } from './types';
import { COMPAT_DIR } from '../../../../test/compat';

const CORPUS = COMPAT_DIR;

/**
 * Files that cannot pass for a reason outside mcptest, with that reason:
 * - simulate-research-query is marked `skip: true` in the corpus itself (it needs task support): it must be SKIP.
 * - gzip-file-as-resource makes server-everything download its README from raw.githubusercontent.com; where the
 *   server has no internet access (CI sandboxes) the tool answers isError "fetch failed". It must PASS, or FAIL with
 *   exactly that server-side reason.
 */
const EXPECTED_SKIPS: Record<string, RegExp> = {
  'mcp-everything-ts/simulate-research-query.yaml': /^skip: true$/,
};
const NEEDS_INTERNET: Record<string, RegExp> = {
  'mcp-everything-ts/gzip-file-as-resource.yaml':
    /^expected no error but tool returned isError=true; server response: fetch failed$/,
};

async function yamlFiles(dir: string): Promise<string[]> {
  return (await readdir(path.join(CORPUS, dir))).filter((name) => name.endsWith('.yaml')).sort();
}

async function runFile(relative: string, options: Omit<ExecuteSuiteOptions, 'budget'>): Promise<ExecutedAssertion[]> {
  const file = path.join(CORPUS, relative);
  const loaded = loadSuite(await readFile(file, 'utf8'), file);
  if (!loaded.ok) throw new Error(`${relative} does not load: ${JSON.stringify(loaded.errors)}`);
  const run = await executeSuite(loaded.suite, { ...options, budget: createMemoryCallBudget() });
  return run.results;
}

describe('mcp-assert corpus mcp-everything-ts against server-everything', () => {
  let server: RunningServer;
  const results = new Map<string, ExecutedAssertion[]>();

  beforeAll(async () => {
    server = await startEverythingServer('streamableHttp');
    // All files at once: the one slow file (trigger-long-running-operation, ~10 s of progress) sets the pace.
    const files = await yamlFiles('mcp-everything-ts');
    await Promise.all(
      files.map(async (name) => {
        const relative = `mcp-everything-ts/${name}`;
        results.set(
          relative,
          await runFile(relative, {
            serverOverride: { url: server.url, transport: 'auto' },
            allowStdio: false,
            policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
            env: {},
          }),
        );
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('ran every file of the corpus', async () => {
    expect([...results.keys()].sort()).toEqual(
      (await yamlFiles('mcp-everything-ts')).map((n) => `mcp-everything-ts/${n}`),
    );
    expect(results.size).toBe(13);
  });

  it('passes every assertion except the recorded expected skips', () => {
    const outcomes = [...results].flatMap(([file, list]) =>
      list.map((r) => ({ file, status: r.status, detail: r.detail })),
    );
    for (const outcome of outcomes) {
      const skip = EXPECTED_SKIPS[outcome.file];
      const offline = NEEDS_INTERNET[outcome.file];
      if (skip) {
        expect(outcome.status, outcome.file).toBe('SKIP');
        expect(outcome.detail, outcome.file).toMatch(skip);
      } else if (offline && outcome.status !== 'PASS') {
        expect(outcome.status, outcome.file).toBe('FAIL');
        expect(outcome.detail, outcome.file).toMatch(offline);
      } else {
        expect({ file: outcome.file, status: outcome.status, detail: outcome.detail }).toEqual({
          file: outcome.file,
          status: 'PASS',
          detail: '',
        });
      }
    }
    expect(outcomes.filter((o) => o.status === 'PASS').length).toBeGreaterThanOrEqual(11);
    expect(outcomes).toHaveLength(13);
  });
});

describe('mcp-assert corpus trajectory (no server)', () => {
  it('passes every file without calling a server', async () => {
    const files = await yamlFiles('trajectory');
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const name of files) {
      const results = await runFile(`trajectory/${name}`, {
        // Any server call would fail: nothing listens on port 9.
        serverOverride: { url: 'http://127.0.0.1:9/mcp', transport: 'http' },
        allowStdio: false,
        // As the CLI runs them: some read their JSONL audit_log beside the file.
        allowLocalFiles: true,
        policy: defaultExecPolicy(),
        env: {},
      });
      expect(results.map((r) => [name, r.status, r.detail])).toEqual(results.map(() => [name, 'PASS', '']));
    }
  });
});
