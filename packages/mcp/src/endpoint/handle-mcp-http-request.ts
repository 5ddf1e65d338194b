import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  createMcptestMcpServer,
  type McptestMcpServerOptions,
  type McptestToolHandlers,
} from './create-mcptest-mcp-server';

/** A JSON-RPC body bigger than this is refused (413): tool arguments here are a few ids. */
export const MCPTEST_MCP_MAX_BODY_BYTES = 256 * 1024;

/** What the host learns about a POST before any message reaches the server (to rate-limit it). */
export interface McpRequestAdmission {
  /** The tool names of the body's tools/call requests, in order (a batch may hold several). */
  toolCalls: string[];
  /** JSON-RPC messages in the body. */
  messages: number;
}

export interface HandleMcpHttpRequestOptions extends McptestMcpServerOptions {
  /** Default MCPTEST_MCP_MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /**
   * Called once the body is parsed, before the server sees it: answer with a Response to refuse the request (a 429),
   * or undefined to go on.
   */
  admit?: (admission: McpRequestAdmission) => Promise<Response | undefined>;
}

function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * The answer to GET and DELETE: a stateless server offers no server-to-client stream and has no session to end. MCP
 * clients take a 405 on GET as "no stream" and carry on.
 */
export function mcpMethodNotAllowedResponse(): Response {
  return rpcError(405, -32000, 'Method not allowed: this MCP endpoint is stateless; send JSON-RPC with POST', {
    allow: 'POST',
  });
}

/** The body as text, or undefined once it exceeds `maxBytes` (declared or streamed). */
async function readBoundedText(request: Request, maxBytes: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
  return text + decoder.decode();
}

function toolCallsOf(body: unknown): McpRequestAdmission {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  const toolCalls: string[] = [];
  for (const message of messages) {
    const m = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (m?.method === 'tools/call' && typeof m.params?.name === 'string') toolCalls.push(m.params.name);
  }
  return { toolCalls, messages: messages.length };
}

/**
 * Serves one Streamable HTTP request to mcptest's MCP server, statelessly: a fresh server and transport per request
 * (no session id, nothing kept between requests, so any web process can answer any request), JSON answers instead of
 * SSE streams. Only POST carries messages; GET (the server-to-client stream) and DELETE (ending a session) are 405,
 * which MCP clients accept from a stateless server. Authentication is the caller's business, done before this.
 */
export async function handleMcpHttpRequest(
  request: Request,
  handlers: McptestToolHandlers,
  options: HandleMcpHttpRequestOptions = {},
): Promise<Response> {
  if (request.method !== 'POST') return mcpMethodNotAllowedResponse();
  const maxBytes = options.maxBodyBytes ?? MCPTEST_MCP_MAX_BODY_BYTES;
  const text = await readBoundedText(request, maxBytes);
  if (text === undefined) return rpcError(413, -32000, `Payload Too Large: the body is over ${maxBytes} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return rpcError(400, -32700, 'Parse error: Invalid JSON');
  }
  const refused = await options.admit?.(toolCallsOf(body));
  if (refused) return refused;

  const server = createMcptestMcpServer(handlers, options);
  // No sessionIdGenerator: stateless, one transport per request.
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  try {
    await server.connect(transport);
    // With JSON responses the transport resolves once every answer is in, so the body is complete here.
    const response = await transport.handleRequest(request, { parsedBody: body });
    const headers = new Headers(response.headers);
    headers.set('cache-control', 'no-store');
    return new Response(response.body, { status: response.status, headers });
  } finally {
    await server.close();
  }
}
