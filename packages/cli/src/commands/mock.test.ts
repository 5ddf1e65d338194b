// `mcptest mock` in-process (stopped through an AbortSignal) and as a process (stopped by SIGTERM/SIGINT). The SDK
// client may only be imported by packages/mcp, so the server is spoken to here with raw HTTP; the full protocol
// coverage of the mock lives in packages/mcp/src/mock.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type MockServerHandle } from '@mcptest/mcp';
import { afterAll, describe, expect, it } from 'vitest';
import { type MockCommandIo, mockCommand } from './mock';

const records = path.resolve('examples/mock/records.yaml');
const kitchenSink = path.resolve('examples/mock/kitchen-sink.yaml');
const scratch = mkdtempSync(path.join(tmpdir(), 'mcptest-mock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(name: string, content: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, content);
  return file;
}

/** Starts `mockCommand` in-process; resolves once it listens, with a stop() that returns its result. */
async function startCommand(args: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const stop = new AbortController();
  let resolveHandle: (handle: MockServerHandle) => void = () => {};
  const listening = new Promise<MockServerHandle>((resolve) => (resolveHandle = resolve));
  const io: MockCommandIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    signal: stop.signal,
    onListening: resolveHandle,
  };
  const finished = mockCommand(args, io);
  const handle = await Promise.race([
    listening,
    finished.then((result) => {
      throw new Error(`mock exited early: ${JSON.stringify(result)}`);
    }),
  ]);
  return {
    handle,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    stop: async () => {
      stop.abort();
      return finished;
    },
  };
}

const ACCEPT = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** The JSON-RPC message in a Streamable HTTP answer (a JSON body or one SSE `data:` line). */
async function rpcBody(response: Response): Promise<{ result?: Record<string, unknown>; error?: unknown }> {
  const text = await response.text();
  const data = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '{}');
  return JSON.parse(data) as { result?: Record<string, unknown> };
}

/** A minimal Streamable HTTP client: initialize, then send requests in that session. */
async function httpSession(url: string) {
  const init = await fetch(url, {
    method: 'POST',
    headers: ACCEPT,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cli-test', version: '0' } },
    }),
  });
  const initialized = await rpcBody(init);
  const headers = {
    ...ACCEPT,
    'mcp-session-id': init.headers.get('mcp-session-id') ?? '',
    'mcp-protocol-version': '2025-06-18',
  };
  await (
    await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    })
  ).text();
  let id = 1;
  return {
    initialized,
    request: async (method: string, params: Record<string, unknown> = {}) =>
      rpcBody(
        await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }),
        }),
      ),
  };
}

describe('mcptest mock: arguments and files', () => {
  it.each<[string, string[], number, string]>([
    ['--help', ['--help'], 0, 'usage: mcptest mock --tools-from FILE'],
    ['no --tools-from', [], 2, 'mcptest mock: --tools-from FILE is required'],
    ['an unknown option', ['--tools-from', records, '--verbose'], 2, 'mcptest mock: unknown option --verbose'],
    ['a stray argument', [records], 2, `mcptest mock: unexpected argument "${records}"`],
    ['a flag without its value', ['--tools-from'], 2, 'mcptest mock: --tools-from needs a value'],
    ['a bad port', ['--tools-from', records, '--port', 'abc'], 2, 'mcptest mock: --port must be 0..65535, not "abc"'],
    ['a port out of range', ['--tools-from', records, '--port=70000'], 2, '--port must be 0..65535, not "70000"'],
    [
      'a bad transport',
      ['--tools-from', records, '--transport', 'stdio'],
      2,
      '--transport must be http or sse, not "stdio"',
    ],
    ['a missing file', ['--tools-from', path.join(scratch, 'nope.yaml')], 2, 'nope.yaml: cannot read (no such file)'],
  ])('%s', async (_label, args, exitCode, text) => {
    const result = await mockCommand(args);
    expect(result.exitCode).toBe(exitCode);
    expect(exitCode === 0 ? result.stdout : result.stderr).toContain(text);
  });

  it('refuses an invalid file with every error as file:line:col', async () => {
    const file = write(
      'bad.yaml',
      'mock_server:\n  name: bad\n  tools:\n    - name: t\n      respnse: {}\n    - name: t\n',
    );
    const result = await mockCommand(['--tools-from', file]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')).toEqual([
      `${file}:5:7: unknown key \`respnse\` in \`mock_server.tools[0]\` (did you mean \`response\`?)`,
      `${file}:6:13: tool name "t" is already used on line 4`,
      `mcptest mock: ${file} is not a valid mock server file`,
      '',
    ]);
  });

  it('refuses a port in use, naming it', async () => {
    const running = await startCommand(['--tools-from', records, '--port', '0']);
    try {
      const result = await mockCommand(['--tools-from', records, '--port', String(running.handle.port)]);
      expect(result).toMatchObject({ exitCode: 2 });
      expect(result.stderr).toContain(`cannot listen on 127.0.0.1:${running.handle.port}: the port is in use`);
    } finally {
      await running.stop();
    }
  });
});

describe('mcptest mock: serving', () => {
  it('serves the records example over Streamable HTTP, logs calls, and stops cleanly', async () => {
    const running = await startCommand(['--tools-from', records, '--port', '0']);
    const { url, port } = running.handle;
    expect(running.stdout()).toBe(
      `mcptest mock: serving "records" on http://127.0.0.1:${port}/mcp (streamable HTTP)\n`,
    );
    expect(running.stderr()).toContain('2 tool(s): search_records, delete_record');

    const session = await httpSession(url);
    expect(session.initialized.result?.serverInfo).toMatchObject({ name: 'records' });
    const list = await session.request('tools/list');
    expect(list.result?.tools).toEqual([
      {
        name: 'search_records',
        description: 'Find records matching a query.',
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: true },
      },
      { name: 'delete_record', description: 'Delete a record by id.', inputSchema: { type: 'object', properties: {} } },
    ]);
    const call = await session.request('tools/call', { name: 'search_records', arguments: { query: 'x' } });
    expect(call.result).toEqual({ content: [{ type: 'text', text: '0 records' }] });
    expect(running.handle.calls.map((c) => c.tool)).toEqual(['search_records']);
    expect(running.stderr()).toContain('mcptest mock: call search_records {"query":"x"}\n');

    expect(await running.stop()).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(running.stderr()).toContain('mcptest mock: stopped after 1 call(s)\n');
    await expect(fetch(url, { method: 'POST', headers: ACCEPT, body: '{}' })).rejects.toThrow();
  });

  it('serves over SSE with --transport sse', async () => {
    const running = await startCommand(['--tools-from', kitchenSink, '--port', '0', '--transport', 'sse']);
    try {
      expect(running.stdout()).toBe(
        `mcptest mock: serving "kitchen-sink" on http://127.0.0.1:${running.handle.port}/sse (SSE)\n`,
      );
      // The first event of the legacy transport names the endpoint to POST messages to.
      const stream = new AbortController();
      const response = await fetch(running.handle.url, { signal: stream.signal });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const reader = response.body?.getReader();
      const first = new TextDecoder().decode((await reader?.read())?.value);
      expect(first).toMatch(/^event: endpoint\ndata: \/messages\?sessionId=[0-9a-f-]{36}\n/);
      stream.abort();
    } finally {
      expect((await running.stop()).exitCode).toBe(0);
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('as a process, stops on %s with exit 0', async (signal) => {
    // run-cli.ts wiring belongs to another change, so a tiny entry calls mockCommand the way main.ts would.
    const entry = write(
      `entry-${signal}.mts`,
      [
        `import { mockCommand } from ${JSON.stringify(path.resolve('packages/cli/src/commands/mock.ts'))};`,
        `const result = await mockCommand(process.argv.slice(2));`,
        'process.stderr.write(result.stderr);',
        'process.exitCode = result.exitCode;',
      ].join('\n'),
    );
    // tsx's own binary runs the script in a child process and relays signals to it; under load the relay raced and
    // the wrapper died of the signal (exit 143). Loading tsx into one node process signals the command directly.
    const child = spawn(process.execPath, ['--import', 'tsx', entry, '--tools-from', records, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(() => stdout, { timeout: 20_000 })
        .toMatch(/serving "records" on http:\/\/127\.0\.0\.1:\d+\/mcp/);
      const url = /on (http:\S+)/.exec(stdout)?.[1] ?? '';
      expect((await httpSession(url)).initialized.result?.serverInfo).toMatchObject({ name: 'records' });
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(stderr).toContain('mcptest mock: stopped after 0 call(s)');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
