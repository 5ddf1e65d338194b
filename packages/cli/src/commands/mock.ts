// `mcptest mock --tools-from FILE [--host 127.0.0.1] [--port N] [--transport http|sse]`: serve a mock MCP server from
// a `mock_server:` YAML file (docs/mock-server.md) until interrupted.
import { readFile } from 'node:fs/promises';
import { formatSuiteError } from '@mcptest/core';
import {
  loadMockDefinition,
  type MockCall,
  type MockServerHandle,
  type MockTransport,
  startMockServer,
} from '@mcptest/mcp';
import type { CliResult } from '../run-cli';

/** The port when --port is not given: fixed, so a mock restarted in another terminal keeps its URL. */
export const MOCK_DEFAULT_PORT = 3030;

export const MOCK_USAGE = `usage: mcptest mock --tools-from FILE [--host 127.0.0.1] [--port ${MOCK_DEFAULT_PORT}] [--transport http|sse]

Serves a mock MCP server described by a YAML file with a top-level mock_server: key (tools with
annotations, _meta and schemas, canned or argument-matched responses, errors, delays; resources and
prompts). Prints the URL, logs each tool call on stderr, and runs until Ctrl-C (SIGINT) or SIGTERM.

Options:
  --tools-from FILE  the mock_server: YAML file (required)
  --host HOST        interface to listen on (default 127.0.0.1)
  --port N           port to listen on (default ${MOCK_DEFAULT_PORT}; 0 picks a free one)
  --transport T      http: Streamable HTTP on /mcp (default); sse: legacy SSE on /sse
Exit 0 after a clean shutdown, 2 on a usage error, an invalid file (file:line:col) or a port in use.
`;

/** How `mockCommand` talks to the world while it runs; every field is optional (the process is the default). */
export interface MockCommandIo {
  /** Receives the "serving ... on URL" line. Default: process.stdout. */
  stdout?: (text: string) => void;
  /** Receives the call log and the shutdown line. Default: process.stderr. */
  stderr?: (text: string) => void;
  /** Stops the server when aborted. Without it, SIGINT and SIGTERM stop it. */
  signal?: AbortSignal;
  /** Called once the server listens, with its handle (URL, port, calls). */
  onListening?: (handle: MockServerHandle) => void;
}

interface MockArgs {
  file: string;
  host: string;
  port: number;
  transport: MockTransport;
}

const TRANSPORT_LABELS: Readonly<Record<MockTransport, string>> = { http: 'streamable HTTP', sse: 'SSE' };

/** The options of `mock`, or why they cannot be used. */
function parseMockArgs(args: readonly string[]): { help: true } | { usage: string } | ({ help: false } & MockArgs) {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-h' || arg === '--help') return { help: true };
    const match = /^--(tools-from|host|port|transport)(?:=(.*))?$/.exec(arg);
    if (!match) {
      return { usage: arg.startsWith('-') ? `unknown option ${arg}` : `unexpected argument "${arg}"` };
    }
    const name = match[1] ?? '';
    const value = match[2] ?? args[++i];
    if (value === undefined || value === '') return { usage: `--${name} needs a value` };
    values[name] = value;
  }
  const file = values['tools-from'];
  if (file === undefined) return { usage: '--tools-from FILE is required' };
  const portText = values.port ?? String(MOCK_DEFAULT_PORT);
  const port = /^\d+$/.test(portText) ? Number(portText) : NaN;
  if (!Number.isInteger(port) || port > 65535) return { usage: `--port must be 0..65535, not "${portText}"` };
  const transport = values.transport ?? 'http';
  if (transport !== 'http' && transport !== 'sse') {
    return { usage: `--transport must be http or sse, not "${transport}"` };
  }
  return { help: false, file, host: values.host ?? '127.0.0.1', port, transport };
}

function describeCall(call: MockCall): string {
  return `mcptest mock: call ${call.tool} ${JSON.stringify(call.arguments)}\n`;
}

/** Resolves when `signal` aborts, or on SIGINT/SIGTERM when there is no signal (handlers removed afterwards). */
function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    return new Promise((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * Runs `mcptest mock`. Problems found before the server starts (usage, unreadable or invalid file, port in use) come
 * back in the result like every command's output; once the server listens, output is streamed through `io` because
 * the command runs until stopped. Resolves with exit code 0 after a clean shutdown.
 */
export async function mockCommand(args: readonly string[], io: MockCommandIo = {}): Promise<CliResult> {
  const parsed = parseMockArgs(args);
  if ('usage' in parsed) {
    return { exitCode: 2, stdout: '', stderr: `mcptest mock: ${parsed.usage}\n\n${MOCK_USAGE}` };
  }
  if (parsed.help) return { exitCode: 0, stdout: MOCK_USAGE, stderr: '' };

  let text: string;
  try {
    text = await readFile(parsed.file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : (error as Error).message;
    return { exitCode: 2, stdout: '', stderr: `mcptest mock: ${parsed.file}: cannot read (${why})\n` };
  }
  const loaded = loadMockDefinition(text, parsed.file);
  if (!loaded.ok) {
    const stderr = loaded.errors.map((error) => `${formatSuiteError(error)}\n`).join('');
    return {
      exitCode: 2,
      stdout: '',
      stderr: `${stderr}mcptest mock: ${parsed.file} is not a valid mock server file\n`,
    };
  }

  const stdout = io.stdout ?? ((chunk: string) => void process.stdout.write(chunk));
  const stderr = io.stderr ?? ((chunk: string) => void process.stderr.write(chunk));
  let handle: MockServerHandle;
  try {
    handle = await startMockServer({
      definition: loaded.definition,
      host: parsed.host,
      port: parsed.port,
      transport: parsed.transport,
      onCall: (call) => stderr(describeCall(call)),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? 'the port is in use (choose another with --port, or --port 0 for a free one)'
        : code === 'EADDRNOTAVAIL'
          ? 'no such address on this machine'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    return {
      exitCode: 2,
      stdout: '',
      stderr: `mcptest mock: cannot listen on ${parsed.host}:${parsed.port}: ${why}\n`,
    };
  }

  const tools = loaded.definition.tools.map((tool) => tool.name);
  stdout(
    `mcptest mock: serving "${loaded.definition.name}" on ${handle.url} (${TRANSPORT_LABELS[handle.transport]})\n`,
  );
  stderr(`mcptest mock: ${tools.length} tool(s): ${tools.join(', ') || '(none)'}; Ctrl-C to stop\n`);
  io.onListening?.(handle);

  await untilStopped(io.signal);
  await handle.close();
  stderr(`mcptest mock: stopped after ${handle.calls.length} call(s)\n`);
  return { exitCode: 0, stdout: '', stderr: '' };
}
