// Wire validation in the executor, over real HTTP: server-everything (a conforming server) and a server of our own
// that answers tools/call without `content`, under each `wire_schema:` mode.
import { defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startEverythingServer } from '../../../../test/mcp-servers';
import { type HostileServer, startHostileServer } from '../../../../test/hostile/servers';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { executeSuite } from './execute-suite';
import type { ExecuteSuiteOptions, ExecutedAssertion } from './types';

function suiteOf(yaml: string): LoadedSuite {
  const loaded = loadSuite(yaml, 'wire.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
  return loaded.suite;
}

function options(url: string, sessionMode: NonNullable<ExecuteSuiteOptions['sessionMode']>): ExecuteSuiteOptions {
  return {
    serverOverride: { url, transport: 'http' },
    allowStdio: false,
    policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
    budget: createMemoryCallBudget(),
    env: {},
    sessionMode,
  };
}

const EVERYTHING_SUITE = `
name: everything on the wire
wire_schema: strict
timeout: 15s
assertions:
  - name: echo
    assert: { tool: echo, args: { message: hi }, expect: { contains: [hi] } }
  - name: structured content
    assert: { tool: get-structured-content, args: { location: Chicago }, expect: { output_schema: true } }
  - name: resources list
    assert_resources: { list: {}, expect: { not_empty: true } }
  - name: resource read
    assert_resources: { read: demo://resource/dynamic/text/7, expect: { contains: ['Resource 7'] } }
  - name: prompt get
    assert_prompts: { get: { name: args-prompt, arguments: { city: Paris } }, expect: { contains: [Paris] } }
  - name: completion
    assert_completion:
      ref: { type: ref/prompt, name: completable-prompt }
      argument: { name: department, value: Eng }
      expect: { contains: [Engineering] }
  - name: sampling
    assert_sampling: { tool: trigger-sampling-request, args: { prompt: hi, maxTokens: 5 }, mock_text: canned }
  - name: logging
    assert_logging: { set_level: debug, tool: toggle-simulated-logging, expect: { min_messages: 1 } }
  - name: progress
    assert_notifications:
      tool: trigger-long-running-operation
      args: { duration: 0.2, steps: 2 }
      expect: { min_count: 2, methods: [notifications/progress] }
`;

describe('wire validation against server-everything', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startEverythingServer('streamableHttp');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(['per-assertion', 'shared'] as const)(
    'finds nothing to report, in strict mode, with a session %s',
    async (mode) => {
      const run = await executeSuite(suiteOf(EVERYTHING_SUITE), options(server.url, mode));
      const report = run.results.map((r) => ({
        name: r.name,
        status: r.status,
        revision: r.wireRevision,
        wire: r.wireFindings ?? [],
      }));
      // server-everything (SDK 1.x) negotiates 2025-11-25, whose schema is vendored: validated, and clean.
      expect(report).toEqual(
        run.results.map((r) => ({ name: r.name, status: 'PASS', revision: '2025-11-25', wire: [] })),
      );
      // Something was validated: every assertion's transcript holds its exchange.
      for (const result of run.results) expect(result.transcript?.length).toBeGreaterThan(1);
    },
  );
});

const NO_CONTENT_SUITE = (mode: string | undefined) => `
name: no content
${mode === undefined ? '' : `wire_schema: ${mode}`}
assertions:
  - name: probe answers
    assert: { tool: probe, args: {}, expect: { not_error: true } }
`;

describe('wire validation against a server whose tool result has no content', () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer({
      at: 'tools/call',
      answer: ({ res, id }) => {
        const body = JSON.stringify({ jsonrpc: '2.0', id, result: { structuredContent: { ok: true } } });
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const run = async (mode: string | undefined): Promise<ExecutedAssertion> => {
    const executed = await executeSuite(suiteOf(NO_CONTENT_SUITE(mode)), options(server.url, 'per-assertion'));
    expect(executed.results).toHaveLength(1);
    return executed.results[0]!;
  };

  const missingContent = {
    message: "must have required property 'content'",
    pointer: '/result',
    definition: 'CallToolResult',
    specLink: 'https://modelcontextprotocol.io/specification/2025-06-18/schema#calltoolresult',
    revision: '2025-06-18',
    direction: 'received',
    method: 'tools/call',
  };

  it.each([undefined, 'warn'])('wire_schema %s (warn is the default): PASS, the finding recorded', async (mode) => {
    const result = await run(mode);
    expect(result).toMatchObject({ status: 'PASS', detail: '', wireRevision: '2025-06-18' });
    expect(result.wireFindings).toEqual([expect.objectContaining(missingContent)]);
    // The finding points at the message in the stored transcript.
    const seq = result.wireFindings?.[0]?.seq;
    expect(result.transcript?.find((e) => (e as { seq?: number }).seq === seq)).toMatchObject({
      direction: 'received',
      kind: 'result',
    });
  });

  it('wire_schema strict: FAIL with the finding as the reason', async () => {
    const result = await run('strict');
    expect(result.status).toBe('FAIL');
    expect(result.detail).toBe(
      'wire_schema strict: 1 schema violation(s)\n' +
        "received tools/call (CallToolResult) at /result: must have required property 'content' " +
        '[https://modelcontextprotocol.io/specification/2025-06-18/schema#calltoolresult]',
    );
    expect(result.wireFindings).toEqual([expect.objectContaining(missingContent)]);
  });

  it('wire_schema off: nothing validated', async () => {
    const result = await run('off');
    expect(result).toMatchObject({ status: 'PASS' });
    expect(result.wireFindings).toBeUndefined();
    expect(result.wireRevision).toBeUndefined();
  });
});

describe('wire validation of the session-opening exchange', () => {
  let server: HostileServer;
  beforeAll(async () => {
    // An array where the schema wants an object: the SDK lets it through (an array is an object to it), the schema not.
    server = await startHostileServer({
      at: 'tools/call',
      tool: {
        name: 'probe',
        annotations: { readOnlyHint: true },
        inputSchema: { type: 'object', properties: { x: [] } },
      },
      answer: ({ res, id }) => {
        const body = JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'ok' }] } });
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['per-assertion', 'shared'] as const)(
    'reports a broken tools/list once, on the first assertion (sessions %s)',
    async (sessionMode) => {
      const suite = suiteOf(`
name: opening
assertions:
  - name: first
    assert: { tool: probe, args: {}, expect: { contains: [ok] } }
  - name: second
    assert: { tool: probe, args: {}, expect: { contains: [ok] } }
`);
      const run = await executeSuite(suite, options(server.url, sessionMode));
      expect(run.results.map((r) => [r.name, r.status, r.wireFindings])).toEqual([
        [
          'first',
          'PASS',
          [
            expect.objectContaining({
              message: 'must be object',
              pointer: '/result/tools/0/inputSchema/properties/x',
              definition: 'ListToolsResult',
              method: 'tools/list',
              direction: 'received',
            }),
          ],
        ],
        ['second', 'PASS', undefined],
      ]);
      // The finding's seq is before the first assertion's own transcript, which starts at its tools/call.
      const first = run.results[0]!;
      const firstSeq = (first.transcript?.[0] as { seq: number }).seq;
      expect(first.wireFindings?.[0]?.seq).toBeLessThan(firstSeq);
    },
  );
});
