// A server on the current MCP revision (2026-07-28), built with the official SDK v2 server packages and served on a
// free loopback port. It serves the same tools, resource and prompt as server-everything (same names, schemas and
// answers), so one suite can run unchanged against both eras. `legacy: 'reject'` makes it modern-only (a 2025
// initialize gets "Unsupported protocol version"); `legacy: 'stateless'` serves both eras. It counts the HTTP
// requests it receives, so tests can assert what a stateless exchange costs. Notifications go the 2026-07-28 way:
// progress and log messages on the request's own stream (logging only when the request's _meta carries a level), list
// changes and resource updates on subscriptions/listen streams, published through the handler's `notify`.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { gzipSync } from 'node:zlib';
import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  McpServer,
  type LoggingLevel,
  type ServerNotifier,
} from '@modelcontextprotocol/server';
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
  /** Pace of toggle-subscriber-updates' resource updates; default 5000 ms, server-everything's. */
  readonly subscriberUpdateMs?: number;
  /** false: the server does not declare resources.subscribe (so it honours no resource subscription). Default true. */
  readonly resourceSubscribe?: boolean;
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
/** server-everything's annotations of its toggle-* tools: they write (start or stop something), nothing more. */
const TOGGLE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const LOG_MESSAGES: readonly (readonly [LoggingLevel, string])[] = [
  ['debug', 'Debug-level message'],
  ['info', 'Info-level message'],
  ['notice', 'Notice-level message'],
  ['warning', 'Warning-level message'],
  ['error', 'Error-level message'],
  ['critical', 'Critical-level message'],
  ['alert', 'Alert level-message'],
  ['emergency', 'Emergency-level message'],
];

/** What the per-request servers share: the handler's notifier and the state of the toggles (one per server). */
interface Shared {
  notify(): ServerNotifier;
  subscriberUpdates: NodeJS.Timeout | undefined;
  readonly subscriberUpdateMs: number;
  readonly sessionResources: Map<string, { mimeType: string; blob: string }>;
  readonly resourceSubscribe: boolean;
}

function buildServer(shared: Shared): McpServer {
  const server = new McpServer(
    { name: 'mcptest-modern-fixture', version: '1.0.0' },
    // As server-everything: subscribable resources and list changes (delivered on subscriptions/listen), logging.
    {
      capabilities: {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { subscribe: shared.resourceSubscribe, listChanged: true },
        logging: {},
      },
    },
  );
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
  // Progress on the call's own stream, as server-everything sends it (when the request carries a progressToken).
  server.registerTool(
    'trigger-long-running-operation',
    {
      title: 'Trigger Long Running Operation Tool',
      description: 'Demonstrates a long running operation with progress updates.',
      inputSchema: z.object({
        duration: z.number().default(10).describe('Duration of the operation in seconds'),
        steps: z.number().default(5).describe('Number of steps in the operation'),
      }),
      annotations: READ_ONLY,
    },
    async ({ duration, steps }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (let i = 1; i < steps + 1; i++) {
        await new Promise((resolve) => setTimeout(resolve, (duration / steps) * 1000));
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progress: i, total: steps, progressToken },
          });
        }
      }
      return {
        content: [
          { type: 'text', text: `Long running operation completed. Duration: ${duration} seconds, Steps: ${steps}.` },
        ],
      };
    },
  );
  // server-everything logs every 5 s on its session's stream; a modern server has no session, so it logs once, on the
  // call's own stream, and only when the call's _meta asks for a level (the SDK filters by it).
  server.registerTool(
    'toggle-simulated-logging',
    {
      title: 'Toggle Simulated Logging',
      description: 'Toggles simulated, random-leveled logging on or off.',
      annotations: TOGGLE,
    },
    async (ctx) => {
      const [level, data] = LOG_MESSAGES[Math.floor(Math.random() * LOG_MESSAGES.length)] ?? LOG_MESSAGES[0]!;
      await ctx.mcpReq.log(level, data);
      return { content: [{ type: 'text', text: 'Started simulated, random-leveled logging.' }] };
    },
  );
  // Resource updates for every subscribed listen stream (the SDK's router sends each stream only the URIs it asked
  // for), at once and then at a pace, until toggled off; server-everything does the same per session.
  server.registerTool(
    'toggle-subscriber-updates',
    {
      title: 'Toggle Subscriber Updates',
      description: 'Toggles simulated resource subscription updates on or off.',
      annotations: TOGGLE,
    },
    () => {
      if (shared.subscriberUpdates !== undefined) {
        clearInterval(shared.subscriberUpdates);
        shared.subscriberUpdates = undefined;
        return { content: [{ type: 'text', text: 'Stopped simulated resource updates' }] };
      }
      const send = () => shared.notify().resourceUpdated(`demo://resource/static/document/${DOC_NAME}`);
      send();
      shared.subscriberUpdates = setInterval(send, shared.subscriberUpdateMs);
      return { content: [{ type: 'text', text: 'Started simulated resource updated notifications.' }] };
    },
  );
  // As server-everything's: gzips a data: URI (no network fetches here) into a new resource, which changes the
  // resource list (notifications/resources/list_changed to the listen streams that asked for list changes).
  server.registerTool(
    'gzip-file-as-resource',
    {
      title: 'GZip File as Resource Tool',
      description: 'Compresses a single file using gzip compression and returns a resource link to it.',
      inputSchema: z.object({ name: z.string().default('README.md.gz'), data: z.string() }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    ({ name, data }) => {
      const comma = data.indexOf(',');
      if (!data.startsWith('data:') || comma < 0) throw new Error(`only data: URIs are supported, not ${data}`);
      const body = data.slice(0, comma).endsWith(';base64')
        ? Buffer.from(data.slice(comma + 1), 'base64')
        : Buffer.from(decodeURIComponent(data.slice(comma + 1)));
      const uri = `demo://resource/session/${name}`;
      shared.sessionResources.set(uri, { mimeType: 'application/gzip', blob: gzipSync(body).toString('base64') });
      shared.notify().resourcesChanged();
      return { content: [{ type: 'resource_link', uri, name, mimeType: 'application/gzip' }] };
    },
  );
  for (const [uri, resource] of shared.sessionResources) {
    server.registerResource(uri.slice(uri.lastIndexOf('/') + 1), uri, { mimeType: resource.mimeType }, (href) => ({
      contents: [{ uri: href.toString(), mimeType: resource.mimeType, blob: resource.blob }],
    }));
  }
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
  const shared: Shared = {
    notify: () => handler.notify,
    subscriberUpdates: undefined,
    subscriberUpdateMs: options.subscriberUpdateMs ?? 5000,
    sessionResources: new Map(),
    resourceSubscribe: options.resourceSubscribe ?? true,
  };
  let destructiveCalls = 0;
  const build =
    options.catalog === 'destructive-tool-only'
      ? () => buildDestructiveServer(() => (destructiveCalls += 1))
      : () => buildServer(shared);
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
      clearInterval(shared.subscriberUpdates);
      await handler.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
