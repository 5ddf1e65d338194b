// A server on the current MCP revision (2026-07-28), built with the official SDK v2 server packages and served on a
// free loopback port. It serves the same tools, resource and prompt as server-everything (same names, schemas and
// answers), so one suite can run unchanged against both eras. `legacy: 'reject'` makes it modern-only (a 2025
// initialize gets "Unsupported protocol version"); `legacy: 'stateless'` serves both eras. It counts the HTTP
// requests it receives, so tests can assert what a stateless exchange costs.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { acceptedContent, createMcpHandler, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export interface ModernServer {
  /** The MCP endpoint (…/mcp). */
  readonly url: string;
  readonly port: number;
  /** HTTP requests received so far, by method and the Mcp-Method header (or "-"): e.g. "POST tools/call". */
  requests(): readonly string[];
  /** The Host header of every request received, in order. */
  hosts(): readonly string[];
  /** tools/call executions of `delete_all` (catalog 'destructive-tool-only'). */
  destructiveCalls(): number;
  stop(): Promise<void>;
}

export interface ModernServerOptions {
  /** How 2025-era traffic is served; default 'reject' (modern-only). */
  readonly legacy?: 'reject' | 'stateless';
  /**
   * What it serves: 'everything' (default: server-everything's echo, get-sum, document and prompt), or
   * 'destructive-tool-only' (one destructive tool, `delete_all`, no resource, no prompt: nothing a conformance check
   * may call; calls counted by `destructiveCalls()`).
   */
  readonly catalog?: 'everything' | 'destructive-tool-only';
  /** Answers 403 to a Host or Origin that is not localhost (DNS rebinding protection); default off, like the SDK. */
  readonly rejectForeignHosts?: boolean;
}

const DOC_NAME = 'features.md';
/** server-everything's static document resource, read from its own package so the texts are identical. */
const DOC_PATH = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/docs', DOC_NAME);
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function buildServer(): McpServer {
  const server = new McpServer({ name: 'mcptest-modern-fixture', version: '1.0.0' });
  server.registerTool(
    'echo',
    {
      title: 'Echo Tool',
      description: 'Echoes back the input string',
      inputSchema: z.object({ message: z.string().describe('Message to echo') }),
      annotations: READ_ONLY,
    },
    ({ message }) => ({ content: [{ type: 'text', text: `Echo: ${message}` }] }),
  );
  server.registerTool(
    'get-sum',
    {
      title: 'Get Sum Tool',
      description: 'Returns the sum of two numbers',
      inputSchema: z.object({ a: z.number().describe('First number'), b: z.number().describe('Second number') }),
      annotations: READ_ONLY,
    },
    ({ a, b }) => ({ content: [{ type: 'text', text: `The sum of ${a} and ${b} is ${a + b}.` }] }),
  );
  // Elicitation the 2026-07-28 way: the tool answers input_required, the client asks its elicitation handler and
  // retries the call with the answer.
  server.registerTool(
    'confirm-deploy',
    {
      description: 'Asks the user to confirm, then says what was decided',
      inputSchema: z.object({ env: z.string() }),
      annotations: READ_ONLY,
    },
    ({ env }, ctx) => {
      const confirmed = acceptedContent<{ confirm: boolean }>(ctx.mcpReq.inputResponses, 'confirm');
      if (!confirmed) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Deploy to ${env}?`,
              requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
            }),
          },
        });
      }
      return { content: [{ type: 'text', text: `deploy to ${env}: ${confirmed.confirm ? 'confirmed' : 'refused'}` }] };
    },
  );
  const uri = `demo://resource/static/document/${DOC_NAME}`;
  server.registerResource(
    DOC_NAME,
    uri,
    { mimeType: 'text/markdown', description: `Static document file exposed from /docs: ${DOC_NAME}` },
    (href) => ({
      contents: [{ uri: href.toString(), mimeType: 'text/markdown', text: readFileSync(DOC_PATH, 'utf8') }],
    }),
  );
  server.registerPrompt('simple-prompt', { title: 'Simple Prompt', description: 'A prompt with no arguments' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt without arguments.' } }],
  }));
  return server;
}

function buildDestructiveServer(onCall: () => void): McpServer {
  const server = new McpServer({ name: 'mcptest-modern-destructive', version: '1.0.0' });
  server.registerTool(
    'delete_all',
    {
      description: 'Deletes every record',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
    () => {
      onCall();
      return { content: [{ type: 'text', text: 'deleted everything' }] };
    },
  );
  return server;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a Host (`name:port`) or Origin (`http://name:port`) names this machine. */
function isLocal(value: string | undefined): boolean {
  if (value === undefined) return true;
  const host = value.replace(/^https?:\/\//, '').replace(/:\d+$/, '');
  return LOCAL_HOSTS.has(host.toLowerCase());
}

/** Starts the server on 127.0.0.1 and a free port (the OS picks it, so no race with other processes). */
export async function startModernServer(options: ModernServerOptions = {}): Promise<ModernServer> {
  let destructiveCalls = 0;
  const build =
    options.catalog === 'destructive-tool-only'
      ? () => buildDestructiveServer(() => (destructiveCalls += 1))
      : () => buildServer();
  const handler = createMcpHandler(build, { legacy: options.legacy ?? 'reject' });
  const serve = toNodeHandler(handler);
  const seen: string[] = [];
  const hosts: string[] = [];
  const server = http.createServer((req, res) => {
    const method = req.headers['mcp-method'];
    seen.push(`${req.method ?? '?'} ${typeof method === 'string' ? method : '-'}`);
    hosts.push(req.headers.host ?? '');
    if (options.rejectForeignHosts && !(isLocal(req.headers.host) && isLocal(req.headers.origin))) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden host');
      return;
    }
    // Node's IncomingMessage types its optional fields loosely; the handler reads them as Node sets them.
    void serve(req as Parameters<typeof serve>[0], res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the modern server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    port: address.port,
    requests: () => [...seen],
    hosts: () => [...hosts],
    destructiveCalls: () => destructiveCalls,
    stop: async () => {
      await handler.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
