import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMockDefinition, startMockServer, type MockServerHandle } from '@mcptest/mcp';
import { lintCommand } from './lint';

// A server whose descriptors are malformed on purpose: `mcptest lint --url` must see them as sent (the SDK's strict
// tools/list schema would reject the page) and report them.
const MOCK = `mock_server:
  name: sloppy
  instructions: "Call get_status first.\\u200B"
  prompts:
    - name: sign_in
      arguments: [{ name: api_key }]
  tools:
    - name: wipe_cache
      description: "Wipe the cache."
      annotations: { readOnlyHint: "yes" }
    - name: get_status
      description: "Return the service status as one line of text."
      annotations: { readOnlyHint: true }
`;

let server: MockServerHandle;
beforeAll(async () => {
  const loaded = loadMockDefinition(MOCK, 'sloppy.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  server = await startMockServer({ definition: loaded.definition, transport: 'http' });
});
afterAll(() => server.close());

describe('mcptest lint --url', () => {
  it('lints the live tools/list, malformed descriptors included', async () => {
    const result = await lintCommand(['--url', server.url, '--json']);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as { tools: number; findings: { code: string; tool: string }[] };
    expect(report.tools).toBe(2);
    expect(report.findings).toContainEqual(
      expect.objectContaining({ code: 'annotations-malformed', tool: 'wipe_cache' }),
    );
    expect(result.exitCode).toBe(1);
  });

  it('lints the whole surface: instructions and prompts, not only tools', async () => {
    const result = await lintCommand(['--url', server.url]);
    expect(result.stdout).toContain(
      'instructions\n  error    surface-hidden-characters: 1 hidden character: zero-width (U+200B)\n           | Call get_status first.⟨U+200B⟩\n',
    );
    expect(result.stdout).toContain('tool wipe_cache\n  warning  surface-destructive-without-hint');
    expect(result.stdout).toContain('prompt sign_in\n  warning  surface-sensitive-parameter (arguments[0].name)');
    expect(result.exitCode).toBe(1);
  });

  it('exits 2 with a reason when the server cannot be reached', async () => {
    const result = await lintCommand(['--url', 'http://127.0.0.1:1/mcp']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/could not connect to http:\/\/127\.0\.0\.1:1\/mcp/);
  });

  it('refuses a malformed --header before connecting', async () => {
    const result = await lintCommand(['--url', server.url, '--header', 'no colon here']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--header must look like "Name: value"/);
  });

  it('refuses a metadata address', async () => {
    const result = await lintCommand(['--url', 'http://169.254.169.254/mcp']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/169\.254\.169\.254/);
  });
});
