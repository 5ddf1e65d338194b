import { loadMockDefinition, startMockServer, type MockServerHandle } from '@mcptest/mcp';

/**
 * The MCP server the worker benchmarks run suites against: the project's own mock server (Streamable HTTP, stateful
 * sessions), in this process. `search` answers at once; `hold` answers after a minute, so runs that reach it stay in
 * flight until they are cancelled (the memory benchmark measures them there).
 */
const BENCH_MOCK = `
mock_server:
  name: bench
  tools:
    - name: search
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { q: { type: string } } }
      response: { content: [ { type: text, text: "found {{args.q}}" } ] }
    - name: hold
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { q: { type: string } } }
      delay_ms: 60000
      response: { content: [ { type: text, text: "held {{args.q}}" } ] }
`;

export async function startBenchMock(): Promise<MockServerHandle> {
  const loaded = loadMockDefinition(BENCH_MOCK, 'bench-mock.yaml');
  if (!loaded.ok) throw new Error(`the bench mock does not load: ${JSON.stringify(loaded.errors)}`);
  return startMockServer({ definition: loaded.definition });
}
