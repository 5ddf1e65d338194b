// The audit against real servers: the mock server of issue 5 (records) over both transports, a mock with one tool per
// outcome, and @modelcontextprotocol/server-everything. Session replacement is tested with a fake at the narrow
// AuditSession seam.
import { loadSuite, REVIEW_BEFORE_FIRST_RUN, SCAFFOLD_SERIAL_MARKER, defaultExecPolicy } from '@mcptest/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startEverythingServer } from '../../../../test/mcp-servers';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { loadMockDefinition } from '../mock/load-mock-definition';
import { startMockServer, type MockServerHandle, type MockTransport } from '../mock/start-mock-server';
import { SessionError } from '../session';
import type { AuditEvent, AuditReport, AuditSession } from './audit-types';
import { runAudit } from './run-audit';

const RECORDS = `
mock_server:
  name: records
  tools:
    - name: search_records
      description: "Find records matching a query."
      annotations: { readOnlyHint: true }
      response: { content: [ { type: text, text: "0 records" } ] }
    - name: delete_record
      description: "Delete a record by id."
      response: { content: [ { type: text, text: "deleted" } ] }
`;

const OUTCOMES = `
mock_server:
  name: outcomes
  tools:
    - name: get_item
      description: "Get one item by its id."
      annotations: { readOnlyHint: true }
      inputSchema:
        type: object
        properties: { id: { type: integer, minimum: 1, description: "Item id." } }
        required: [id]
        additionalProperties: false
      response: { content: [ { type: text, text: "item {{args.id}}" } ] }
    - name: lookup
      description: "Look up a thing that never exists."
      annotations: { readOnlyHint: true }
      response: { content: [ { type: text, text: "no such thing" } ], isError: true }
    - name: explode
      description: "Always fails inside the server."
      annotations: { readOnlyHint: true }
      error: { code: -32603, message: "boom" }
    - name: dawdle
      description: "Answers much too late."
      annotations: { readOnlyHint: true }
      delay_ms: 5000
      response: { content: [ { type: text, text: "late" } ] }
    - name: impossible
      description: "Its schema admits no arguments."
      annotations: { readOnlyHint: true }
      inputSchema:
        type: object
        properties: { n: { type: integer, minimum: 5, maximum: 4 } }
        required: [n]
    - name: create_note
      description: "Create a note with a title."
      inputSchema:
        type: object
        properties: { title: { type: string, minLength: 3, description: "Title." } }
        required: [title]
      response: { content: [ { type: text, text: "created" } ] }
    - name: purge_notes
      description: "Purge every note."
      response: { content: [ { type: text, text: "purged" } ] }
`;

const started: MockServerHandle[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

async function mock(yaml: string, transport: MockTransport): Promise<MockServerHandle> {
  const loaded = loadMockDefinition(yaml, 'mock.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const server = await startMockServer({ definition: loaded.definition, transport });
  started.push(server);
  return server;
}

function tool(report: AuditReport, name: string) {
  const found = report.tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name} in the report`);
  return found;
}

function expectScaffoldLoads(report: AuditReport): void {
  for (const file of report.scaffold) {
    const loaded = loadSuite(file.yaml, file.fileName);
    expect(loaded.ok ? [] : loaded.errors).toEqual([]);
  }
}

describe.each([
  ['http', 'http'],
  ['http', 'auto'],
  ['sse', 'sse'],
  ['sse', 'auto'],
] as const)('the records mock over %s, audited with transport %s', (mockTransport, transport) => {
  it('calls search_records, refuses delete_record live and scaffolds it for review', async () => {
    const server = await mock(RECORDS, mockTransport);
    const events: AuditEvent[] = [];
    const result = await runAudit({
      url: server.url,
      transport,
      policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
      onEvent: (e) => events.push(e),
    });
    if (!result.ok) throw new Error(result.error.message);
    const { report } = result;

    expect(report.server).toMatchObject({ name: 'records', transport: mockTransport });
    expect(report.tools.map((t) => [t.name, t.class, t.live, t.generate, t.outcome])).toEqual([
      ['search_records', 'ReadOnly', 'Execute', 'Execute', 'healthy'],
      ['delete_record', 'Destructive', 'Refuse', 'GenerateOnly', 'refused'],
    ]);
    expect(tool(report, 'delete_record').probes[0]).toMatchObject({ refusal: 'destructive_not_allowed' });
    // The mock's own call log: delete_record never reached the server.
    expect(server.calls.map((call) => call.tool)).toEqual(['search_records']);
    expect(report.callsMade).toBe(1);

    const files = Object.fromEntries(report.scaffold.map((file) => [file.fileName, file.yaml]));
    expect(Object.keys(files)).toEqual(['search_records.yaml', 'delete_record.yaml']);
    expect(files['delete_record.yaml']?.split('\n')[0]).toBe(REVIEW_BEFORE_FIRST_RUN);
    expect(files['search_records.yaml']?.split('\n')[0]).not.toBe(REVIEW_BEFORE_FIRST_RUN);
    expect(files['search_records.yaml']).toContain('- 0 records');
    expectScaffoldLoads(report);

    // Score: one probed tool, healthy; the only lint is the destructive tool without requiresConfirmation.
    expect(report.lints.map((l) => `${l.code} ${l.tool}`)).toEqual(['destructive-without-confirmation delete_record']);
    expect(report.score).toMatchObject({ score: 99, base: 100, lintPenalty: 1, probedTools: 1 });
    expect(events.map((e) => e.type)).toEqual([
      'audit.connected',
      'audit.tools_listed',
      'audit.probe_started',
      'audit.probe_finished',
      'audit.probe_finished',
    ]);
  });
});

describe('one tool per outcome', () => {
  it('classifies every outcome, probes invalid input for read-only tools only, runs writes last and once', async () => {
    const server = await mock(OUTCOMES, 'http');
    const result = await runAudit({
      url: server.url,
      transport: 'http',
      policy: { ...defaultExecPolicy(), call_delay_ms: 0, concurrency: 3 },
      timeoutMs: 1000,
      invalidProbes: true,
    });
    if (!result.ok) throw new Error(result.error.message);
    const { report } = result;
    const outcomes = Object.fromEntries(report.tools.map((t) => [t.name, t.probes.map((p) => `${p.id}:${p.outcome}`)]));
    expect(outcomes).toEqual({
      get_item: ['valid:healthy', 'missing-required:healthy', 'wrong-type:healthy', 'unexpected-property:healthy'],
      lookup: ['valid:tool_error'],
      explode: ['valid:crash'],
      dawdle: ['valid:timeout'],
      impossible: ['valid:refused'],
      create_note: ['valid:healthy'],
      purge_notes: ['valid:refused'],
    });
    expect(tool(report, 'get_item').probes[0]?.args).toEqual({ id: 1 });
    expect(tool(report, 'impossible').probes[0]).toMatchObject({ refusal: 'arguments_unsynthesizable' });
    expect(tool(report, 'impossible').argumentsProblem).toMatch(/no integer satisfies >= 5 and <= 4/);

    // Never called: the impossible tool and the destructive one. The mutating tool: once, after every read.
    const called = server.calls.map((call) => call.tool);
    expect(called).not.toContain('impossible');
    expect(called).not.toContain('purge_notes');
    expect(called.filter((name) => name === 'create_note')).toHaveLength(1);
    expect(called[called.length - 1]).toBe('create_note');
    expect(server.calls.find((call) => call.tool === 'create_note')?.arguments).toEqual({ title: 'example' });

    const files = Object.fromEntries(report.scaffold.map((file) => [file.fileName, file.yaml]));
    expect(files['create_note.yaml']?.split('\n')[0]).toBe(SCAFFOLD_SERIAL_MARKER);
    expect(files['purge_notes.yaml']?.split('\n')[0]).toBe(REVIEW_BEFORE_FIRST_RUN);
    expect(files['get_item.yaml']).toContain('- item 1');
    expect(files['get_item.yaml']).toContain('timeout: 30s');
    expect(files['lookup.yaml']).not.toContain('contains:');
    expect(files['create_note.yaml']).not.toContain('contains:');
    expectScaffoldLoads(report);

    // get_item: 4 healthy probes -> 1; lookup 0.5; explode 0; dawdle 0; create_note 1 -> 100 * 2.5 / 5 = 50.
    expect(report.score.base).toBe(50);
    expect(report.score.counts).toEqual({ healthy: 5, tool_error: 1, crash: 1, timeout: 1, refused: 2 });
  });

  it('calls a destructive tool once under execute_destructive', async () => {
    const server = await mock(OUTCOMES, 'http');
    const result = await runAudit({
      url: server.url,
      transport: 'http',
      policy: { ...defaultExecPolicy(), call_delay_ms: 0, execute_destructive: true },
      timeoutMs: 1000,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(tool(result.report, 'purge_notes')).toMatchObject({
      live: 'ExecuteOnce',
      generate: 'ExecuteOnce',
      outcome: 'healthy',
    });
    expect(server.calls.filter((call) => call.tool === 'purge_notes')).toHaveLength(1);
    expect(server.calls[server.calls.length - 1]?.tool).toBe('purge_notes');
    const purge = result.report.scaffold.find((file) => file.fileName === 'purge_notes.yaml');
    expect(purge?.yaml.split('\n')[0]).toBe(SCAFFOLD_SERIAL_MARKER);
  });

  it('stops calling when the budget is used up', async () => {
    const server = await mock(RECORDS.replace('delete_record', 'list_records'), 'http');
    const result = await runAudit({
      url: server.url,
      transport: 'http',
      policy: { ...defaultExecPolicy(), call_delay_ms: 0, concurrency: 1 },
      budget: createMemoryCallBudget({ maxCalls: 1 }),
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.report.tools.map((t) => t.outcome)).toEqual(['healthy', 'refused']);
    expect(result.report.tools[1]?.probes[0]).toMatchObject({ refusal: 'budget_exhausted' });
    expect(server.calls).toHaveLength(1);
  });

  it('reports an unreachable server as connect_failed', async () => {
    const server = await mock(RECORDS, 'http');
    const url = server.url;
    await server.close();
    const result = await runAudit({ url, transport: 'http', timeoutMs: 2000 });
    expect(result).toMatchObject({ ok: false, error: { code: 'connect_failed' } });
  });
});

describe('session replacement', () => {
  it('opens a new session after a call broke the connection', async () => {
    let opened = 0;
    const calls: string[] = [];
    const fake = (id: number): AuditSession => ({
      server: { name: 'fake' },
      listTools: () =>
        Promise.resolve([
          { name: 'a', annotations: { readOnlyHint: true } },
          { name: 'b', annotations: { readOnlyHint: true } },
        ]),
      callTool: (name) => {
        calls.push(`${id}:${name}`);
        if (id === 1) return Promise.reject(new SessionError('connection_lost', 'the connection was lost'));
        return Promise.resolve({ content: [{ type: 'text', text: 'ok' }] });
      },
      close: () => Promise.resolve(),
    });
    const result = await runAudit({
      url: 'http://fake.invalid/mcp',
      policy: { ...defaultExecPolicy(), call_delay_ms: 0, concurrency: 1 },
      openSession: () => Promise.resolve(fake(++opened)),
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(calls).toEqual(['1:a', '2:b']);
    expect(result.report.tools.map((t) => t.outcome)).toEqual(['crash', 'healthy']);
  });
});

describe.each(['streamableHttp', 'sse'] as const)('server-everything over %s', (mode) => {
  it('audits every tool without a crash', { timeout: 90_000 }, async () => {
    const server = await startEverythingServer(mode);
    try {
      const result = await runAudit({
        url: server.url,
        transport: mode === 'sse' ? 'sse' : 'http',
        policy: { ...defaultExecPolicy(), call_delay_ms: 0, concurrency: 4 },
        invalidProbes: true,
        timeoutMs: 30_000,
      });
      if (!result.ok) throw new Error(result.error.message);
      const { report } = result;
      expect(report.tools.length).toBeGreaterThan(5);
      expect(report.tools.map((t) => t.name)).toContain('echo');
      for (const t of report.tools) {
        expect(t.probes.length, t.name).toBeGreaterThan(0);
        expect(['crash', 'timeout'], `${t.name}: ${t.probes[0]?.detail}`).not.toContain(t.outcome);
      }
      expect(report.score.counts.crash).toBe(0);
      expect(tool(report, 'echo').probes.map((p) => `${p.id}:${p.outcome}`)).toEqual([
        'valid:healthy',
        'missing-required:healthy',
        'wrong-type:healthy',
      ]);
      expect(tool(report, 'get-sum').probes[0]?.args).toEqual({ a: 1, b: 1 });
      // It requires a task (execution.taskSupport: required): called as one, it answers; a plain call is an error.
      expect(tool(report, 'simulate-research-query').probes[0]).toMatchObject({ id: 'valid', outcome: 'healthy' });
      expect(report.scaffold).toHaveLength(report.tools.length);
      expectScaffoldLoads(report);
    } finally {
      await server.stop();
    }
  });
});
