// The executor against the real @modelcontextprotocol/server-everything over Streamable HTTP and legacy SSE: a suite of
// deliberately passing and deliberately failing assertions must report exactly that, block by block.
import { defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startEverythingServer } from '../../../../test/mcp-servers';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { executeSuite } from './execute-suite';
import type { ExecutedAssertion, ExecutionEvent } from './types';

function suiteOf(yaml: string): LoadedSuite {
  const loaded = loadSuite(yaml, 'everything.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
  return loaded.suite;
}

const SUITE = `
name: everything
timeout: 15s
assertions:
  - name: echo contains the message
    assert: { tool: echo, args: { message: hello mcptest }, expect: { not_error: true, contains: [hello mcptest] } }
  - name: echo contains something else (must fail)
    assert: { tool: echo, args: { message: hello mcptest }, expect: { contains: [goodbye] } }
  - name: get-sum adds
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['is 5'], matches_regex: ['sum of \\d+ and \\d+'] } }
  - name: get-sum json_path (prose is not JSON, must fail)
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { json_path: { '$.sum': 5 } } }
  - name: structured content matches the output schema
    assert:
      tool: get-structured-content
      args: { location: Chicago }
      expect:
        output_schema: true
        json_path: { '$.temperature': 36 }
        structured_content: { '$.conditions': 'Light rain / drizzle', '$.humidity': 82 }
  - name: structured content wrong value (must fail)
    assert:
      tool: get-structured-content
      args: { location: Chicago }
      expect: { structured_content: { '$.temperature': 99 } }
  - name: resources list
    assert_resources: { list: {}, expect: { contains: ['demo://resource/static/document/'] } }
  - name: resource read
    assert_resources:
      read: demo://resource/dynamic/text/7
      expect: { contains: ['Resource 7: This is a plaintext resource'] }
  - name: resource read wrong text (must fail)
    assert_resources: { read: demo://resource/dynamic/text/7, expect: { contains: ['Resource 8'] } }
  - name: prompt get with arguments
    assert_prompts:
      get: { name: args-prompt, arguments: { city: Paris, state: Texas } }
      expect: { contains: ["What's weather in Paris, Texas?"] }
  - name: prompts list
    assert_prompts: { list: {}, expect: { contains: [simple-prompt, args-prompt] } }
  - name: completion of a prompt argument
    assert_completion:
      ref: { type: ref/prompt, name: completable-prompt }
      argument: { name: department, value: Eng }
      expect: { contains: [Engineering], not_contains: [Sales] }
  - name: sampling answered by the mock
    assert_sampling:
      tool: trigger-sampling-request
      args: { prompt: say hi, maxTokens: 5 }
      mock_text: canned reply from mcptest
      expect: { contains: [canned reply from mcptest, '"model": "mock"'] }
  - name: a trigger that logs
    assert_logging:
      set_level: debug
      tool: toggle-simulated-logging
      expect: { min_messages: 1, contains_data: ['SessionId'] }
  - name: progress notifications
    assert_notifications:
      tool: trigger-long-running-operation
      args: { duration: 0.3, steps: 3 }
      expect: { min_count: 3, methods: [notifications/progress], contains_data: ['"total":3'] }
  - name: min_progress counted
    assert:
      tool: trigger-long-running-operation
      args: { duration: 0.2, steps: 2 }
      capture_progress: true
      expect: { min_progress: 2, contains: [completed] }
  - name: too much progress wanted (must fail)
    assert:
      tool: trigger-long-running-operation
      args: { duration: 0.2, steps: 2 }
      capture_progress: true
      expect: { min_progress: 5 }
  - name: roots from client capabilities
    server:
      url: http://placeholder.invalid/mcp
      client_capabilities: { roots: ['{{fixture}}/project'] }
    assert: { tool: get-roots-list, expect: { contains: ['file:///srv/fixture/project'] } }
  - name: skipped unconditionally
    skip: not today
    assert: { tool: echo, args: { message: x } }
  - name: skipped without env
    skip_unless_env: [MCPTEST_EXECUTOR_TEST_UNSET]
    assert: { tool: echo, args: { message: x } }
  - name: runs with env
    skip_unless_env: MCPTEST_EXECUTOR_TEST_SET
    assert: { tool: echo, args: { message: x }, expect: { contains: [x] } }
`;

const EXPECTED: Record<string, { status: 'PASS' | 'FAIL' | 'SKIP'; detail?: RegExp }> = {
  'echo contains the message': { status: 'PASS' },
  'echo contains something else (must fail)': {
    status: 'FAIL',
    detail: /^expected result to contain "goodbye", got: Echo: hello mcptest$/,
  },
  'get-sum adds': { status: 'PASS' },
  'get-sum json_path (prose is not JSON, must fail)': {
    status: 'FAIL',
    detail: /^json_path: result is not valid JSON/,
  },
  'structured content matches the output schema': { status: 'PASS' },
  'structured content wrong value (must fail)': {
    status: 'FAIL',
    detail: /^structured_content "\$\.temperature": want 99, got 36$/,
  },
  'resources list': { status: 'PASS' },
  'resource read': { status: 'PASS' },
  'resource read wrong text (must fail)': {
    status: 'FAIL',
    detail: /^expected result to contain "Resource 8", got: Resource 7: This is a plaintext resource/,
  },
  'prompt get with arguments': { status: 'PASS' },
  'prompts list': { status: 'PASS' },
  'completion of a prompt argument': { status: 'PASS' },
  'sampling answered by the mock': { status: 'PASS' },
  'a trigger that logs': { status: 'PASS' },
  'progress notifications': { status: 'PASS' },
  'min_progress counted': { status: 'PASS' },
  'too much progress wanted (must fail)': {
    status: 'FAIL',
    detail: /^expected at least 5 progress notification\(s\), got 2$/,
  },
  'roots from client capabilities': { status: 'PASS' },
  'skipped unconditionally': { status: 'SKIP', detail: /^not today$/ },
  'skipped without env': { status: 'SKIP', detail: /^skipped: env var MCPTEST_EXECUTOR_TEST_UNSET not set$/ },
  'runs with env': { status: 'PASS' },
};

describe.each([
  ['streamableHttp', 'http'],
  ['sse', 'sse'],
] as const)('executeSuite against server-everything over %s', (mode, transport) => {
  let server: RunningServer;
  let results: ExecutedAssertion[];
  let events: ExecutionEvent[];
  let callsUsed: number;

  beforeAll(async () => {
    server = await startEverythingServer(mode);
    events = [];
    const run = await executeSuite(suiteOf(SUITE), {
      serverOverride: { url: server.url, transport },
      allowStdio: false,
      policy: { ...defaultExecPolicy(), call_delay_ms: 0, concurrency: 2 },
      budget: createMemoryCallBudget(),
      fixtureDir: '/srv/fixture',
      allowLocalFiles: true,
      env: { MCPTEST_EXECUTOR_TEST_SET: 'yes' },
      onEvent: (event) => events.push(event),
    });
    results = run.results;
    callsUsed = run.callsUsed;
    expect(run.stoppedReason).toBeUndefined();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reports every assertion in suite order', () => {
    expect(results.map((r) => r.name)).toEqual(Object.keys(EXPECTED));
  });

  it.each(Object.entries(EXPECTED))('%s', (name, expected) => {
    const result = results.find((r) => r.name === name);
    expect(result, name).toBeDefined();
    expect({ status: result?.status, detail: result?.detail }).toMatchObject({ status: expected.status });
    if (expected.detail) expect(result?.detail).toMatch(expected.detail);
    else expect(result?.detail).toBe('');
  });

  it('counts one budget call per tools/call, none for resources, prompts and completion', () => {
    // 13 tool-calling assertions ran (the two skipped ones made no call).
    expect(callsUsed).toBe(13);
  });

  it('records class, decision and a transcript with the JSON-RPC exchange', () => {
    const echo = results[0];
    expect(echo).toMatchObject({ tool: 'echo', toolClass: 'ReadOnly', decision: 'Execute', trial: 0 });
    const methods = (echo?.transcript ?? []).map((entry) => (entry as { method?: string }).method);
    expect(methods).toContain('tools/call');
    const logging = results.find((r) => r.name === 'a trigger that logs');
    expect(logging).toMatchObject({ toolClass: 'Mutating', decision: 'ExecuteOnce' });
  });

  it('emits started and finished events for each assertion', () => {
    const started = events.filter((e) => e.type === 'assertion.started');
    const finished = events.filter((e) => e.type === 'assertion.finished');
    expect(started).toHaveLength(Object.keys(EXPECTED).length);
    // Events come in execution order: risk phases, so the one Mutating tool's assertion runs last.
    const names = finished.map((e) => (e.type === 'assertion.finished' ? e.result.name : ''));
    expect([...names].sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(names.at(-1)).toBe('a trigger that logs');
  });
});

describe('executeSuite: roots in a hosted run', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startEverythingServer('streamableHttp');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("does not tell the server the worker's working directory through a relative root", async () => {
    const suite = suiteOf(`
name: roots
timeout: 15s
assertions:
  - name: relative root
    server:
      client_capabilities: { roots: ['.', 'work/here'] }
    assert: { tool: get-roots-list, expect: { contains: ['URI: file:///work/here'] } }
`);
    const run = await executeSuite(suite, {
      serverOverride: { url: server.url, transport: 'http' },
      allowStdio: false,
      policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
      budget: createMemoryCallBudget(),
      env: {},
    });
    expect(run.results[0]).toMatchObject({ status: 'PASS' });
    const transcript = JSON.stringify(run.results[0]?.transcript ?? []);
    expect(transcript).toContain('file:///work/here');
    expect(transcript).not.toContain(process.cwd());
  });
});
