// The executor's policy, budget, trials, setup/capture, timeouts, redaction and fixture handling, against the mock
// server (packages/mcp/src/mock), whose call log proves which tools were (never) called.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultExecPolicy, type ExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/mcp-servers';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { loadMockDefinition, type MockServerHandle, startMockServer } from '../mock';
import { createSafeFetch } from '../net';
import { executeSuite, NOT_REPEATED_ACROSS_TRIALS, RUN_CANCELLED } from './execute-suite';
import type { ExecuteSuiteOptions, ExecutionEvent } from './types';

const MOCK = `
mock_server:
  name: records
  tools:
    - name: search_records
      annotations: { readOnlyHint: true }
      response: { content: [ { type: text, text: "0 records" } ] }
    - name: delete_record
      description: Delete a record by id.
      response: { content: [ { type: text, text: deleted } ] }
    - name: create_record
      inputSchema: { type: object, properties: { title: { type: string } } }
      response: { content: [ { type: text, text: '{"id": 42, "title": "{{args.title}}"}' } ] }
    - name: get_record
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { id: { type: number } } }
      responses:
        - when: { id: 42 }
          response: { content: [ { type: text, text: "record 42: found" } ] }
        - response: { content: [ { type: text, text: not found } ], isError: true }
    - name: read_secret
      annotations: { readOnlyHint: true }
      _meta: { "mcp.dev/resultSensitivity": confidential }
      response: { content: [ { type: text, text: s3cr3t-value } ] }
    - name: slow_search
      annotations: { readOnlyHint: true }
      delay_ms: 3000
      response: { content: [ { type: text, text: late } ] }
    - name: where
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { path: { type: string } } }
      response: { content: [ { type: text, text: "{{args.path}}" } ] }
`;

function suiteOf(yaml: string, file = 'suite.yaml'): LoadedSuite {
  const loaded = loadSuite(yaml, file);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
  return loaded.suite;
}

let mock: MockServerHandle;
const fast: ExecPolicy = { ...defaultExecPolicy(), call_delay_ms: 0 };

function options(overrides: Partial<ExecuteSuiteOptions> = {}): ExecuteSuiteOptions {
  return {
    serverOverride: { url: mock.url, transport: 'http' },
    allowStdio: false,
    policy: fast,
    budget: createMemoryCallBudget(),
    env: {},
    ...overrides,
  };
}

const callsTo = (tool: string) => mock.calls.filter((call) => call.tool === tool).length;

beforeAll(async () => {
  const loaded = loadMockDefinition(MOCK, 'mock.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  mock = await startMockServer({ definition: loaded.definition, transport: 'http' });
});
afterAll(async () => {
  await mock?.close();
});

let callsBefore: number;
beforeEach(() => {
  callsBefore = mock.calls.length;
});
const newCalls = () => mock.calls.slice(callsBefore).map((call) => call.tool);

describe('execution safety policy', () => {
  it('skips a destructive tool with the typed reason and never calls it', async () => {
    const run = await executeSuite(
      suiteOf(`
assertions:
  - name: delete
    assert: { tool: delete_record, args: { id: 1 }, expect: { contains: [deleted] } }
  - name: destructive setup
    setup: [ { tool: delete_record, args: { id: 2 } } ]
    assert: { tool: search_records, expect: { contains: ['0 records'] } }
  - name: search still runs
    assert: { tool: search_records, expect: { contains: ['0 records'] } }
`),
      options(),
    );
    expect(run.results.map((r) => [r.name, r.status, r.toolClass, r.decision])).toEqual([
      ['delete', 'SKIP', 'Destructive', 'Refuse'],
      ['destructive setup', 'SKIP', 'ReadOnly', 'Execute'],
      ['search still runs', 'PASS', 'ReadOnly', 'Execute'],
    ]);
    expect(run.results[0]?.detail).toContain('execute_destructive is off');
    expect(run.results[1]?.detail).toMatch(/^setup\[0\] calls delete_record is Destructive/);
    expect(newCalls()).toEqual(['search_records']);
    expect(callsTo('delete_record')).toBe(0);
  });

  it('calls a destructive tool once when execute_destructive is allowed, not in later trials', async () => {
    const run = await executeSuite(
      suiteOf(`assert: { tool: delete_record, args: { id: 1 }, expect: { contains: [deleted] } }`),
      options({ policy: { ...fast, execute_destructive: true }, trials: 2 }),
    );
    expect(run.results.map((r) => [r.trial, r.status, r.decision, r.detail])).toEqual([
      [0, 'PASS', 'ExecuteOnce', ''],
      [1, 'SKIP', 'ExecuteOnce', NOT_REPEATED_ACROSS_TRIALS],
    ]);
    expect(newCalls()).toEqual(['delete_record']);
  });

  it('does not repeat a mutating tool across trials; read-only tools run every trial', async () => {
    const run = await executeSuite(
      suiteOf(`
assertions:
  - name: create
    assert: { tool: create_record, args: { title: t }, expect: { json_path: { '$.id': 42 } } }
  - name: search
    assert: { tool: search_records, expect: { not_error: true } }
`),
      options({ trials: 3 }),
    );
    expect(run.results.map((r) => `${r.name}#${r.trial}:${r.status}`)).toEqual([
      'create#0:PASS',
      'create#1:SKIP',
      'create#2:SKIP',
      'search#0:PASS',
      'search#1:PASS',
      'search#2:PASS',
    ]);
    expect(run.results[1]).toMatchObject({ detail: NOT_REPEATED_ACROSS_TRIALS, toolClass: 'Mutating' });
    // Executed in risk-phase order (the reads first), reported in suite order.
    expect(newCalls()).toEqual(['search_records', 'search_records', 'search_records', 'create_record']);
    expect(run.callsUsed).toBe(4);
  });
});

describe('risk phases', () => {
  const PHASED = `
assertions:
  - name: delete
    assert: { tool: delete_record, args: { id: 1 } }
  - name: create
    assert: { tool: create_record, args: { title: t } }
  - name: search
    assert: { tool: search_records }
  - name: fixture
    phase: setup
    assert: { tool: create_record, args: { title: fixture } }
  - name: get with a writing setup
    setup: [ { tool: create_record, args: { title: s } } ]
    assert: { tool: get_record, args: { id: 42 } }
  - name: resources call no tool
    assert_resources: { list: {} }
`;
  const allowed = { ...fast, execute_destructive: true };

  it('runs setup, read-only, low, medium, high (written order within a phase) and reports in suite order', async () => {
    const events: ExecutionEvent[] = [];
    const run = await executeSuite(
      suiteOf(PHASED),
      options({ policy: allowed, onEvent: (event) => events.push(event) }),
    );
    expect(run.results.map((r) => r.name)).toEqual([
      'delete',
      'create',
      'search',
      'fixture',
      'get with a writing setup',
      'resources call no tool',
    ]);
    // The mock lists no resources, so the last one fails; every tool call passed.
    expect(run.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'PASS', 'PASS', 'PASS', 'FAIL']);
    // fixture (setup); search, resources (read-only); create, get's setup and get (medium); delete (high).
    expect(events.flatMap((e) => (e.type === 'assertion.started' ? [e.name] : []))).toEqual([
      'fixture',
      'search',
      'resources call no tool',
      'create',
      'get with a writing setup',
      'delete',
    ]);
    expect(newCalls()).toEqual([
      'create_record',
      'search_records',
      'create_record',
      'create_record',
      'get_record',
      'delete_record',
    ]);
  });

  it('runs in the written order with `order: as_written`, and ordering costs no request', async () => {
    const phased = await executeSuite(suiteOf(PHASED), options({ policy: allowed }));
    callsBefore = mock.calls.length;
    const written = await executeSuite(suiteOf(`order: as_written\n${PHASED}`), options({ policy: allowed }));
    expect(newCalls()).toEqual([
      'delete_record',
      'create_record',
      'search_records',
      'create_record',
      'create_record',
      'get_record',
    ]);
    // The session that listed tools to plan the phases is the first assertion's: no extra session or request.
    expect(phased.requestsUsed).toBe(written.requestsUsed);
  });

  it("returns the run's coverage: listed tools, which ran assertions cover them, each tool's phase", async () => {
    const run = await executeSuite(suiteOf(PHASED), options());
    const coverage = run.coverage!;
    expect(coverage.tools.map((t) => [t.name, t.phase, t.covered])).toEqual([
      ['search_records', 'read-only', true],
      ['get_record', 'read-only', true],
      ['read_secret', 'read-only', false],
      ['slow_search', 'read-only', false],
      ['where', 'read-only', false],
      ['create_record', 'medium', true],
      // Refused by the policy (SKIP): not covered by this run.
      ['delete_record', 'high', false],
    ]);
    expect(coverage.uncoveredRisky).toEqual(['delete_record']);
    expect(coverage.tools.find((t) => t.name === 'create_record')).toMatchObject({ assertions: 2, setupUses: 1 });
  });
});

describe('call budget', () => {
  it('stops cleanly when the budget runs out: that and every later assertion SKIP, one event', async () => {
    const events: ExecutionEvent[] = [];
    const budget = createMemoryCallBudget({ maxCalls: 3 });
    const run = await executeSuite(
      suiteOf(`
assertions:
  - { name: a, assert: { tool: search_records } }
  - name: b
    setup: [ { tool: search_records } ]
    assert: { tool: search_records }
  - { name: c, assert: { tool: search_records } }
  - { name: d, trace: [ { tool: x } ], trajectory: [ { type: presence, tools: [x] } ] }
`),
      options({ budget, onEvent: (event) => events.push(event) }),
    );
    const message = 'call budget exhausted: this run may make at most 3 tool calls (max_calls)';
    expect(run.results.map((r) => [r.name, r.status, r.detail])).toEqual([
      ['a', 'PASS', ''],
      ['b', 'PASS', ''],
      ['c', 'SKIP', message],
      ['d', 'SKIP', message],
    ]);
    expect(run.stoppedReason).toBe(message);
    expect(run.callsUsed).toBe(3);
    expect(newCalls()).toHaveLength(3);
    expect(events.filter((e) => e.type === 'budget.exhausted')).toEqual([
      { type: 'budget.exhausted', limit: 3, scope: 'run' },
    ]);
  });

  it('a budget that runs out in the middle of setup skips that assertion without its call', async () => {
    const run = await executeSuite(
      suiteOf(`
setup: [ { tool: search_records } ]
assert: { tool: get_record, args: { id: 42 } }
`),
      options({ budget: createMemoryCallBudget({ maxCalls: 1 }) }),
    );
    expect(run.results[0]).toMatchObject({ status: 'SKIP', detail: expect.stringContaining('at most 1 tool calls') });
    expect(newCalls()).toEqual(['search_records']);
  });
});

describe('setup, capture and templating', () => {
  it('feeds a captured value (typed) into the next call', async () => {
    const run = await executeSuite(
      suiteOf(`
setup:
  - { tool: create_record, args: { title: first }, capture: { record_id: '$.id' } }
assert: { tool: get_record, args: { id: '{{record_id}}' }, expect: { not_error: true, contains: ['record 42: found'] } }
`),
      options(),
    );
    expect(run.results[0]).toMatchObject({ status: 'PASS', detail: '' });
    const get = mock.calls.at(-1);
    expect(get).toMatchObject({ tool: 'get_record', arguments: { id: 42 } });
  });

  it.each([
    [
      'a capture that matches nothing',
      `setup: [ { tool: create_record, args: { title: t }, capture: { x: '$.missing' } } ]
assert: { tool: search_records }`,
      /^setup\[0\] create_record: capture "x" \(\$\.missing\): no value matched/,
    ],
    [
      'an unknown template variable',
      `assert: { tool: get_record, args: { id: '{{nope}}' } }`,
      /^assert\.args: unknown template variable \{\{nope\}\}/,
    ],
    [
      'a setup step that returns a tool error',
      `setup: [ { tool: get_record, args: { id: 7 } } ]
assert: { tool: search_records }`,
      /^setup\[0\] get_record returned an error: not found$/,
    ],
  ])('fails with a clear reason on %s', async (_name, yaml, detail) => {
    const run = await executeSuite(suiteOf(yaml), options());
    expect(run.results[0]?.status).toBe('FAIL');
    expect(run.results[0]?.detail).toMatch(detail);
  });
});

describe('server trouble', () => {
  it('fails an unreachable server with the reason and goes on with the next assertion', async () => {
    const closed = await freePort();
    const run = await executeSuite(
      suiteOf(`
assertions:
  - name: unreachable
    server: { url: 'http://127.0.0.1:${closed}/mcp' }
    assert: { tool: search_records }
  - name: reachable
    server: { url: '${mock.url}', transport: http }
    assert: { tool: search_records, expect: { contains: ['0 records'] } }
`),
      options({ serverOverride: undefined }),
    );
    expect(run.results.map((r) => r.status)).toEqual(['FAIL', 'PASS']);
    expect(run.results[0]?.detail).toBe(`could not connect to http://127.0.0.1:${closed}/mcp: connection refused`);
    // One assertion reached its server, so the run tested something: not "unreachable".
    expect(run.results.map((r) => r.connection)).toEqual(['failed', 'opened']);
    expect(run.unreachable).toBeUndefined();
  });

  it('says the server could not be tested when no assertion could connect to it', async () => {
    const closed = await freePort();
    const run = await executeSuite(
      suiteOf(`
assertions:
  - { name: one, assert: { tool: search_records } }
  - { name: skipped, skip_unless_env: NOT_SET_ANYWHERE, assert: { tool: search_records } }
  - { name: two, assert: { tool: search_records } }
`),
      options({ serverOverride: { url: `http://127.0.0.1:${closed}/mcp`, transport: 'auto' } }),
    );
    expect(run.results.map((r) => [r.status, r.connection])).toEqual([
      ['FAIL', 'failed'],
      ['SKIP', undefined],
      ['FAIL', 'failed'],
    ]);
    expect(run.unreachable).toBe(`could not connect to http://127.0.0.1:${closed}/mcp: connection refused`);
  });

  it('an assertion that connected and then failed counts as reached (tools/list, the call)', async () => {
    const run = await executeSuite(
      suiteOf(`
assertions:
  - { name: wrong, assert: { tool: search_records, expect: { contains: ['no such text'] } } }
`),
      options(),
    );
    expect(run.results.map((r) => [r.status, r.connection])).toEqual([['FAIL', 'opened']]);
    expect(run.unreachable).toBeUndefined();
  });

  it('fails a call that outlives the assertion timeout', async () => {
    const started = performance.now();
    const run = await executeSuite(
      suiteOf(`
assertions:
  - { name: slow, timeout: 300ms, assert: { tool: slow_search } }
  - { name: after, assert: { tool: search_records } }
`),
      options(),
    );
    expect(run.results.map((r) => [r.status, r.detail])).toEqual([
      ['FAIL', `tools/call slow_search timed out after 300ms (the assertion's timeout)`],
      ['PASS', ''],
    ]);
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('stops on cancellation: the call in flight and every later assertion SKIP "run cancelled"', async () => {
    const controller = new AbortController();
    const running = executeSuite(
      suiteOf(`
assertions:
  - { name: slow, assert: { tool: slow_search } }
  - { name: after, assert: { tool: search_records } }
`),
      options({ signal: controller.signal }),
    );
    await expect.poll(() => newCalls()).toEqual(['slow_search']);
    controller.abort();
    const run = await running;
    expect(run.results.map((r) => [r.name, r.status, r.detail])).toEqual([
      ['slow', 'SKIP', RUN_CANCELLED],
      ['after', 'SKIP', RUN_CANCELLED],
    ]);
    expect(run.stoppedReason).toBe(RUN_CANCELLED);
    expect(newCalls()).toEqual(['slow_search']);
  });

  it('refuses a stdio server where stdio is not allowed', async () => {
    const run = await executeSuite(
      suiteOf(`
server: { command: node, args: [server.js] }
assert: { tool: anything }
`),
      options({ serverOverride: undefined }),
    );
    expect(run.results[0]).toMatchObject({
      status: 'FAIL',
      detail: expect.stringMatching(/^stdio servers cannot run here/),
    });
  });

  it('fails an assertion without any server', async () => {
    const run = await executeSuite(suiteOf(`assert: { tool: anything }`), options({ serverOverride: undefined }));
    expect(run.results[0]?.detail).toMatch(/^no server to test/);
  });
});

describe('transcript', () => {
  it('redacts results of tools marked sensitive, and keeps the check on the real result', async () => {
    const run = await executeSuite(
      suiteOf(`
assertions:
  - { name: secret, assert: { tool: read_secret, expect: { contains: [s3cr3t-value] } } }
  - { name: plain, assert: { tool: search_records } }
`),
      options(),
    );
    const [secret, plain] = run.results;
    expect(secret?.status).toBe('PASS');
    const secretJson = JSON.stringify(secret?.transcript);
    expect(secretJson).not.toContain('s3cr3t-value');
    expect(secretJson).toContain('[redacted: mcp.dev/resultSensitivity]');
    expect(JSON.stringify(plain?.transcript)).toContain('0 records');
  });
});

describe('sessions and pacing', () => {
  it('lists tools once per run in per-assertion mode, and again only for a tool the listing lacks', async () => {
    const methods: string[] = [];
    const counting = (async (input: string | URL | Request, init?: RequestInit) => {
      if (typeof init?.body === 'string') methods.push((JSON.parse(init.body) as { method?: string }).method ?? '');
      return fetch(input, init);
    }) as typeof fetch;
    const run = await executeSuite(
      suiteOf(`
assertions:
  - { name: a, assert: { tool: search_records } }
  - { name: b, assert: { tool: get_record, args: { id: 42 } } }
  - { name: c, assert: { tool: search_records } }
  - { name: d, assert: { tool: not_listed } }
`),
      // A plain fetch standing in for the safe one: every request of the run goes through withGate's result.
      options({ fetch: Object.assign(counting, { withGate: () => counting, close: () => Promise.resolve() }) }),
    );
    expect(run.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'PASS', 'FAIL']);
    // Four sessions; the first lists, b and c reuse its listing, d's tool is not in it so d lists again.
    expect(methods.filter((m) => m === 'initialize')).toHaveLength(4);
    expect(methods.filter((m) => m === 'tools/list')).toHaveLength(2);
    // The classification still comes from the listing: get_record is read-only by its annotation.
    expect(run.results[1]?.toolClass).toBe('ReadOnly');
  });

  it('shares one session across assertions in shared mode', async () => {
    const run = await executeSuite(
      suiteOf(`
assertions:
  - { name: a, assert: { tool: search_records } }
  - { name: b, assert: { tool: search_records } }
  - { name: c, assert: { tool: search_records } }
`),
      options({ sessionMode: 'shared' }),
    );
    expect(run.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'PASS']);
    const sessions = new Set(mock.calls.slice(callsBefore).map((call) => call.sessionId));
    expect(sessions.size).toBe(1);
    // Each assertion's transcript holds only its own exchange: one tools/call request, no initialize.
    for (const result of run.results) {
      const methods = (result.transcript ?? []).map((entry) => (entry as { method?: string }).method);
      expect(methods.filter((method) => method === 'tools/call')).toHaveLength(1);
      expect(methods).not.toContain('initialize');
    }
    await expect.poll(() => mock.sessionCount()).toBe(0);
  });

  it('opens one session per assertion by default', async () => {
    await executeSuite(
      suiteOf(`
assertions:
  - { name: a, assert: { tool: search_records } }
  - { name: b, assert: { tool: search_records } }
`),
      options(),
    );
    const sessions = new Set(mock.calls.slice(callsBefore).map((call) => call.sessionId));
    expect(sessions.size).toBe(2);
  });

  it('spaces calls by call_delay_ms', async () => {
    await executeSuite(
      suiteOf(`
assertions:
  - { name: a, assert: { tool: search_records } }
  - { name: b, assert: { tool: search_records } }
  - { name: c, assert: { tool: search_records } }
`),
      options({ policy: { ...fast, call_delay_ms: 120 }, sessionMode: 'shared' }),
    );
    const at = mock.calls.slice(callsBefore).map((call) => call.at);
    expect(at).toHaveLength(3);
    // Arrival times at the server: the pacer spaces starts in the client, so allow some network jitter per gap.
    for (let i = 1; i < at.length; i++) expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(80);
    expect((at[2] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(200);
  });
});

describe('fixtures and trajectories', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mcptest-executor-test-'));
    await mkdir(path.join(dir, 'fixture'));
    await writeFile(path.join(dir, 'fixture', 'notes.txt'), 'hello fixture\n');
    await writeFile(
      path.join(dir, 'agent.jsonl'),
      '{"action":"session_start"}\n{"tool":"search_records","args":{"q":"a"}}\n{"tool":"get_record","args":{"id":42}}\n',
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives each assertion its own copy of the fixture and deletes it afterwards', async () => {
    const fixtureDir = path.join(dir, 'fixture');
    const before = new Set(await readdir(tmpdir()));
    const run = await executeSuite(
      suiteOf(`
assertions:
  - name: copy
    assert:
      tool: where
      args: { path: '{{fixture}}' }
      expect:
        contains: [mcptest-fixture-]
        not_contains: ['${fixtureDir}']
        file_contains: { '{{fixture}}/notes.txt': hello fixture }
        file_unchanged: ['{{fixture}}/notes.txt']
        file_not_exists: ['{{fixture}}/missing.txt']
  - name: file check fails
    assert: { tool: where, args: { path: x }, expect: { file_contains: { '{{fixture}}/notes.txt': goodbye } } }
`),
      options({ fixtureDir, isolateFixtures: true, allowLocalFiles: true }),
    );
    expect(run.results[0]).toMatchObject({ status: 'PASS', detail: '' });
    expect(run.results[1]?.detail).toBe(
      'file_contains: {{fixture}}/notes.txt does not contain "goodbye", got: hello fixture\n',
    );
    const copies = (await readdir(tmpdir())).filter((name) => name.startsWith('mcptest-fixture-') && !before.has(name));
    expect(copies).toEqual([]);
  });

  it('runs trajectory assertions from an audit log relative to the suite file, without a server', async () => {
    const run = await executeSuite(
      suiteOf(
        `
assertions:
  - name: audit log wins over trace
    audit_log: agent.jsonl
    trace: [ { tool: delete_record } ]
    trajectory:
      - { type: order, tools: [search_records, get_record] }
      - { type: absence, tools: [delete_record] }
      - { type: args_contain, tool: get_record, args: { id: 42 } }
  - name: wrong order (must fail)
    audit_log: agent.jsonl
    trajectory: [ { type: order, tools: [get_record, search_records] } ]
  - name: missing log
    audit_log: '{{fixture}}/nope.jsonl'
    trajectory: [ { type: presence, tools: [x] } ]
`,
        path.join(dir, 'suite.yaml'),
      ),
      options({
        serverOverride: { url: 'http://127.0.0.1:9/never', transport: 'http' },
        fixtureDir: dir,
        allowLocalFiles: true,
      }),
    );
    expect(run.results.map((r) => r.status)).toEqual(['PASS', 'FAIL', 'FAIL']);
    expect(run.results[1]?.detail).toMatch(/^order: found "get_record" but "search_records" did not follow/);
    expect(run.results[2]?.detail).toBe(`audit_log: cannot read ${path.join(dir, 'nope.jsonl')}: no such file`);
    expect(run.callsUsed).toBe(0);
  });
});

describe('request budget', () => {
  it('counts every HTTP request, not only tool calls, and stops the run with SKIP when the allowance runs out', async () => {
    const safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
    const events: ExecutionEvent[] = [];
    try {
      // No assertion calls a tool: sessions, resources/list and closes are all requests the tool-call count missed.
      const yaml = `assertions:\n${Array.from({ length: 12 }, (_, i) => `  - { name: r${i}, assert_resources: { list: {} } }`).join('\n')}`;
      const run = await executeSuite(
        suiteOf(yaml),
        options({
          fetch: safeFetch,
          budget: createMemoryCallBudget({ maxCalls: 1 }),
          onEvent: (event) => events.push(event),
        }),
      );
      expect(run.callsUsed).toBe(0);
      // max_calls 1 allows 1 × 10 + 20 requests.
      expect(run.requestsUsed).toBe(30);
      const message = 'request budget exhausted: this run may send at most 30 HTTP requests';
      const skipped = run.results.filter((r) => r.status === 'SKIP');
      expect(skipped.length).toBeGreaterThan(0);
      expect(skipped.every((r) => r.detail.startsWith(message))).toBe(true);
      expect(run.results.at(-1)?.status).toBe('SKIP');
      expect(run.stoppedReason).toContain(message);
      expect(events.filter((e) => e.type === 'budget.exhausted')).toEqual([
        { type: 'budget.exhausted', limit: 30, scope: 'run', unit: 'requests' },
      ]);
    } finally {
      await safeFetch.close();
    }
  });
});
