import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  type GetPromptResult,
  GetPromptRequestSchema,
  isInitializeRequest,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  type ListPromptsResult,
  ListResourcesRequestSchema,
  type ListResourcesResult,
  ListToolsRequestSchema,
  type ListToolsResult,
  ReadResourceRequestSchema,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { type JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { answerToolCall, renderArgsTemplate } from './answer-tool-call';
import { type MockServerDefinition, type MockTool } from './mock-schema';

/** `http`: Streamable HTTP on /mcp (stateful sessions). `sse`: the legacy HTTP+SSE transport, GET /sse + POST /messages. */
export type MockTransport = 'http' | 'sse';

/** One tools/call the mock received, recorded before it answers (also calls to unknown tools). */
export interface MockCall {
  tool: string;
  arguments: Record<string, unknown>;
  /** Epoch milliseconds when the call arrived. */
  at: number;
  /**
   * Epoch milliseconds when the mock was done with it (answered, or given up because the client went away): with `at`,
   * how long the call was in flight, so a test can count calls in flight at once (the scale test's per-tenant bound).
   */
  answeredAt?: number;
  sessionId?: string;
}

export interface StartMockServerOptions {
  definition: MockServerDefinition;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port chosen by the OS (read it from the handle). */
  port?: number;
  /** Default `http`. */
  transport?: MockTransport;
  /** Told about every call as it arrives (the CLI prints them). */
  onCall?: (call: MockCall) => void;
}

export interface MockServerHandle {
  /** The MCP endpoint to connect to: `http://host:port/mcp`, or `.../sse` for the SSE transport. */
  readonly url: string;
  readonly port: number;
  readonly transport: MockTransport;
  /** Every tools/call so far, in arrival order (across sessions); tests read it to prove a tool was (never) called. */
  readonly calls: readonly MockCall[];
  /** Open MCP sessions right now. */
  sessionCount(): number;
  /** Ends every session and stops listening; pending delays are cut short. Safe to call twice. */
  close(): Promise<void>;
}

/** The endpoint paths, so the printed URL and the router cannot disagree. */
export const MOCK_PATHS = { http: '/mcp', sse: '/sse', sseMessages: '/messages' } as const;

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A JSON-RPC error answered exactly as written: the SDK puts `message` on the wire (McpError would prefix it). */
class MockRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A tool descriptor as served: the YAML's fields, as written, and an inputSchema (the protocol requires one). */
function toolDescriptor(tool: MockTool): Record<string, unknown> {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema ?? { type: 'object', properties: {} },
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    ...(tool._meta === undefined ? {} : { _meta: tool._meta }),
  };
}

/** Argument validators per tool; a schema ajv cannot compile is left unchecked rather than failing every call. */
function compileValidators(definition: MockServerDefinition): Map<string, JsonSchemaValidator<unknown>> {
  const validators = new Map<string, JsonSchemaValidator<unknown>>();
  if (!definition.validate_arguments) return validators;
  const ajv = new AjvJsonSchemaValidator();
  for (const tool of definition.tools) {
    if (tool.inputSchema === undefined) continue;
    try {
      validators.set(tool.name, ajv.getValidator(tool.inputSchema));
    } catch {
      // Served as written; only the argument check is skipped.
    }
  }
  return validators;
}

interface Shared {
  definition: MockServerDefinition;
  tools: Map<string, MockTool>;
  descriptors: Record<string, unknown>[];
  validators: Map<string, JsonSchemaValidator<unknown>>;
  calls: MockCall[];
  onCall?: (call: MockCall) => void;
  /** Aborted on close, so a delayed answer does not hold shutdown. */
  shutdown: AbortSignal;
}

/** One SDK Server per session (a Server serves one transport); all share the definition and the call log. */
function createSessionServer(shared: Shared): Server {
  const { definition } = shared;
  const server = new Server(
    {
      name: definition.name,
      version: definition.version ?? '0.0.0',
      ...(definition.title === undefined ? {} : { title: definition.title }),
    },
    {
      capabilities: {
        tools: {},
        ...(definition.resources === undefined && definition.resource_templates === undefined ? {} : { resources: {} }),
        ...(definition.prompts === undefined ? {} : { prompts: {} }),
      },
      ...(definition.instructions === undefined ? {} : { instructions: definition.instructions }),
    },
  );

  // Cast: descriptors are served as written, including deliberately malformed ones the SDK types would not admit.
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: shared.descriptors }) as unknown as ListToolsResult);

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const name = request.params.name;
    const args = request.params.arguments ?? {};
    const call: MockCall = {
      tool: name,
      arguments: args,
      at: Date.now(),
      ...(extra.sessionId === undefined ? {} : { sessionId: extra.sessionId }),
    };
    shared.calls.push(call);
    shared.onCall?.(call);

    try {
      const tool = shared.tools.get(name);
      if (!tool) throw new MockRpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
      const validation = shared.validators.get(name)?.(args);
      if (validation && !validation.valid) {
        return {
          content: [{ type: 'text', text: `Invalid arguments for tool ${name}: ${validation.errorMessage}` }],
          isError: true,
        };
      }
      const answer = answerToolCall(tool, args);
      if (answer.delayMs > 0) {
        await sleep(answer.delayMs, undefined, { signal: AbortSignal.any([extra.signal, shared.shutdown]) });
      }
      if (answer.kind === 'error') throw new MockRpcError(answer.error.code, answer.error.message, answer.error.data);
      return answer.result as CallToolResult;
    } finally {
      call.answeredAt = Date.now();
    }
  });

  const resources = definition.resources;
  if (resources !== undefined) {
    server.setRequestHandler(
      ListResourcesRequestSchema,
      (): ListResourcesResult =>
        ({
          resources: resources.map(({ text: _text, blob: _blob, ...descriptor }) => descriptor),
        }) as ListResourcesResult,
    );
    server.setRequestHandler(ReadResourceRequestSchema, (request): ReadResourceResult => {
      const resource = resources.find((candidate) => candidate.uri === request.params.uri);
      // -32002 is the spec's "Resource not found".
      if (!resource) throw new MockRpcError(-32002, 'Resource not found', { uri: request.params.uri });
      const body = resource.blob !== undefined ? { blob: resource.blob } : { text: resource.text ?? '' };
      return {
        contents: [
          { uri: resource.uri, ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }), ...body },
        ],
      };
    });
  }

  const templates = definition.resource_templates;
  if (templates !== undefined) {
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: templates }));
  }
  // A server declaring `resources` answers resources/list, even with templates only.
  if (templates !== undefined && resources === undefined) {
    server.setRequestHandler(ListResourcesRequestSchema, (): ListResourcesResult => ({ resources: [] }));
  }

  const prompts = definition.prompts;
  if (prompts !== undefined) {
    server.setRequestHandler(
      ListPromptsRequestSchema,
      (): ListPromptsResult =>
        ({ prompts: prompts.map(({ messages: _messages, ...descriptor }) => descriptor) }) as ListPromptsResult,
    );
    server.setRequestHandler(GetPromptRequestSchema, (request): GetPromptResult => {
      const prompt = prompts.find((candidate) => candidate.name === request.params.name);
      if (!prompt) throw new MockRpcError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
      const args = request.params.arguments ?? {};
      const missing = (prompt.arguments ?? []).filter((argument) => argument.required && !(argument.name in args));
      if (missing.length > 0) {
        throw new MockRpcError(
          ErrorCode.InvalidParams,
          `Missing required argument(s) of prompt ${prompt.name}: ${missing.map((a) => a.name).join(', ')}`,
        );
      }
      return {
        ...(prompt.description === undefined ? {} : { description: prompt.description }),
        messages: prompt.messages.map((message) => ({
          role: message.role,
          content:
            message.content.type === 'text'
              ? { ...message.content, text: renderArgsTemplate(message.content.text, args) }
              : message.content,
        })),
      } as GetPromptResult;
    });
  }
  return server;
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** Reads a JSON body with a size cap; undefined when it is too large or not JSON (the caller answers 400/413). */
async function readJsonBody(
  req: IncomingMessage,
): Promise<{ ok: true; body: unknown } | { ok: false; status: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413 };
    chunks.push(buffer);
  }
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { ok: false, status: 400 };
  }
}

interface Session {
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves a mock MCP server (see docs/mock-server.md) on node:http. Every session gets its own SDK low-level `Server`
 * (not McpServer, so descriptors go out exactly as written), sharing the definition and the call log.
 */
export async function startMockServer(options: StartMockServerOptions): Promise<MockServerHandle> {
  const { definition, host = '127.0.0.1', port = 0, transport = 'http' } = options;
  const shutdown = new AbortController();
  const shared: Shared = {
    definition,
    tools: new Map(definition.tools.map((tool) => [tool.name, tool])),
    descriptors: definition.tools.map(toolDescriptor),
    validators: compileValidators(definition),
    calls: [],
    ...(options.onCall === undefined ? {} : { onCall: options.onCall }),
    shutdown: shutdown.signal,
  };
  const streamable = new Map<string, { transport: StreamableHTTPServerTransport } & Session>();
  const legacy = new Map<string, { transport: SSEServerTransport } & Session>();

  async function handleStreamable(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const header = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (sessionId !== undefined) {
      const session = streamable.get(sessionId);
      // 404 tells a client its session is gone and it should initialize again (spec, session management).
      if (!session) return sendJsonRpcError(res, 404, -32001, 'Session not found');
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') {
      return sendJsonRpcError(res, 400, ErrorCode.ConnectionClosed, 'Bad Request: no Mcp-Session-Id header');
    }
    const read = await readJsonBody(req);
    if (!read.ok) {
      return read.status === 413
        ? sendJsonRpcError(res, 413, ErrorCode.InvalidRequest, 'Request body too large')
        : sendJsonRpcError(res, 400, ErrorCode.ParseError, 'Parse error');
    }
    if (!isInitializeRequest(read.body)) {
      return sendJsonRpcError(
        res,
        400,
        ErrorCode.ConnectionClosed,
        'Bad Request: initialize first (no Mcp-Session-Id)',
      );
    }
    const server = createSessionServer(shared);
    const transportForSession: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        streamable.set(id, { transport: transportForSession, server, close: () => server.close() });
      },
    });
    server.onclose = () => {
      if (transportForSession.sessionId !== undefined) streamable.delete(transportForSession.sessionId);
    };
    await server.connect(transportForSession);
    await transportForSession.handleRequest(req, res, read.body);
  }

  async function handleLegacy(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === MOCK_PATHS.sse) {
      if (req.method !== 'GET') {
        // A 4xx on POST is what makes an `auto` client fall back from Streamable HTTP to SSE.
        res.writeHead(405, { Allow: 'GET' }).end('Method Not Allowed: this mock serves the SSE transport');
        return;
      }
      const sseTransport = new SSEServerTransport(MOCK_PATHS.sseMessages, res);
      const server = createSessionServer(shared);
      legacy.set(sseTransport.sessionId, { transport: sseTransport, server, close: () => server.close() });
      server.onclose = () => legacy.delete(sseTransport.sessionId);
      await server.connect(sseTransport);
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end('Method Not Allowed');
      return;
    }
    const session = legacy.get(url.searchParams.get('sessionId') ?? '');
    if (!session) {
      res.writeHead(404).end('Session not found');
      return;
    }
    await session.transport.handlePostMessage(req, res);
  }

  const httpServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    const route =
      transport === 'http'
        ? url.pathname === MOCK_PATHS.http
          ? handleStreamable(req, res)
          : undefined
        : url.pathname === MOCK_PATHS.sse || url.pathname === MOCK_PATHS.sseMessages
          ? handleLegacy(req, res, url)
          : undefined;
    if (route === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    route.catch((error: unknown) => {
      if (!res.headersSent) {
        sendJsonRpcError(res, 500, ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
      } else {
        res.end();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const boundPort = (httpServer.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${boundPort}${transport === 'http' ? MOCK_PATHS.http : MOCK_PATHS.sse}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    port: boundPort,
    transport,
    calls: shared.calls,
    sessionCount: () => streamable.size + legacy.size,
    close: () => {
      closing ??= (async () => {
        shutdown.abort();
        const sessions = [...streamable.values(), ...legacy.values()];
        await Promise.allSettled(sessions.map((session) => session.close()));
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          // Open SSE streams and keep-alive sockets would otherwise hold close() forever.
          httpServer.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
