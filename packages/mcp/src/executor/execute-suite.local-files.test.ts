// Hosted mode (allowLocalFiles unset or false): an assertion that would read the runner's files FAILs with the reason
// before anything is read or called, whatever the stored suite says; the CLI (allowLocalFiles: true) reads them.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { loadMockDefinition, type MockServerHandle, startMockServer } from '../mock';
import { executeSuite } from './execute-suite';
import type { ExecuteSuiteOptions } from './types';

const MOCK = `
mock_server:
  name: files
  tools:
    - name: echo
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { path: { type: string } } }
      response: { content: [ { type: text, text: "echo {{args.path}}" } ] }
`;

const REFUSED = "reads the runner's local files; only the CLI may";

let mock: MockServerHandle;
let dir: string;

beforeAll(async () => {
  const loaded = loadMockDefinition(MOCK, 'mock.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  mock = await startMockServer({ definition: loaded.definition, transport: 'http' });
  dir = await mkdtemp(path.join(tmpdir(), 'mcptest-local-files-'));
  await writeFile(path.join(dir, 'notes.txt'), 'secret notes\n');
  await writeFile(path.join(dir, 'agent.jsonl'), '{"tool":"echo","args":{}}\n');
  execFileSync('mkfifo', [path.join(dir, 'pipe')]);
});
afterAll(async () => {
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});

function suiteOf(yaml: string): LoadedSuite {
  const loaded = loadSuite(yaml, path.join(dir, 'suite.yaml'));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
  return loaded.suite;
}

function options(overrides: Partial<ExecuteSuiteOptions> = {}): ExecuteSuiteOptions {
  return {
    serverOverride: { url: mock.url, transport: 'http' },
    allowStdio: false,
    policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
    budget: createMemoryCallBudget(),
    env: {},
    ...overrides,
  };
}

/** The leaking suites of issue 14, and a FIFO that would hang a reader. */
const LEAKS = `
assertions:
  - name: passwd
    assert: { tool: echo, args: { path: a }, expect: { file_contains: { /etc/passwd: x } } }
  - name: environ
    assert: { tool: echo, args: { path: a }, expect: { file_not_contains: { /proc/self/environ: PATH= } } }
  - name: hostname
    audit_log: /etc/hostname
    trajectory: [{ type: presence, tools: [echo] }]
  - name: zero
    audit_log: /dev/zero
    trajectory: [{ type: presence, tools: [echo] }]
  - name: fifo
    assert: { tool: echo, args: { path: a }, expect: { file_unchanged: [pipe] } }
  - name: fixture
    assert: { tool: echo, args: { path: '{{fixture}}/notes.txt' }, expect: { contains: [echo] } }
  - name: plain
    assert: { tool: echo, args: { path: a }, expect: { contains: [echo a] } }
`;

describe('executeSuite without allowLocalFiles (hosted runs)', () => {
  it('fails every assertion that would read local files, with the key, and calls nothing for them', async () => {
    const callsBefore = mock.calls.length;
    // fixtureDir is ignored without allowLocalFiles, so {{fixture}} cannot point into this machine either.
    const run = await executeSuite(suiteOf(LEAKS), options({ fixtureDir: dir, isolateFixtures: true }));
    expect(run.results.map((r) => [r.name, r.status, r.detail])).toEqual([
      ['passwd', 'FAIL', `\`assert.expect.file_contains\` ${REFUSED}`],
      ['environ', 'FAIL', `\`assert.expect.file_not_contains\` ${REFUSED}`],
      ['hostname', 'FAIL', `\`audit_log\` ${REFUSED}`],
      ['zero', 'FAIL', `\`audit_log\` ${REFUSED}`],
      ['fifo', 'FAIL', `\`assert.expect.file_unchanged\` ${REFUSED}`],
      ['fixture', 'FAIL', `\`{{fixture}}\` in \`assert.args.path\` ${REFUSED}`],
      ['plain', 'PASS', ''],
    ]);
    // Only the plain assertion reached the server; the refused ones never opened a session.
    expect(mock.calls.slice(callsBefore).map((c) => c.tool)).toEqual(['echo']);
    expect(run.callsUsed).toBe(1);
  });

  it('is the same with allowLocalFiles: false', async () => {
    const run = await executeSuite(suiteOf(LEAKS), options({ allowLocalFiles: false }));
    expect(run.results.map((r) => r.status)).toEqual(['FAIL', 'FAIL', 'FAIL', 'FAIL', 'FAIL', 'FAIL', 'PASS']);
  });
});

describe('executeSuite with allowLocalFiles (the CLI)', () => {
  it('reads regular files, and refuses a FIFO and /dev/zero without blocking', async () => {
    const run = await executeSuite(
      suiteOf(`
assertions:
  - name: notes
    assert: { tool: echo, args: { path: a }, expect: { file_contains: { '{{fixture}}/notes.txt': secret } } }
  - name: log
    audit_log: agent.jsonl
    trajectory: [{ type: presence, tools: [echo] }]
  - name: zero
    audit_log: /dev/zero
    trajectory: [{ type: presence, tools: [echo] }]
  - name: fifo
    assert: { tool: echo, args: { path: a }, expect: { file_unchanged: ['{{fixture}}/pipe'] } }
`),
      options({ allowLocalFiles: true, fixtureDir: dir }),
    );
    expect(run.results.map((r) => [r.name, r.status, r.detail])).toEqual([
      ['notes', 'PASS', ''],
      ['log', 'PASS', ''],
      ['zero', 'FAIL', 'audit_log: cannot read /dev/zero: not a regular file (a character device)'],
      ['fifo', 'FAIL', `file_unchanged: cannot read {{fixture}}/pipe before the call: not a regular file (a FIFO)`],
    ]);
  });
});
