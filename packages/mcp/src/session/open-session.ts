// Opens an MCP client session over Streamable HTTP, legacy SSE, `auto` (the spec's backwards-compatibility probe) or
// stdio (CLI only), in either protocol era, under a deadline, and hands back an McpSession. Every failure becomes a
// SessionError whose message names the target and the reason in plain words.
//
// Eras (docs/protocol.md): the 2026-07-28 era is spoken by the SDK v2 client (`@modelcontextprotocol/client`): it
// probes with server/discover and needs no initialize. The 2025 era at the newest 2025 revision keeps the SDK v1
// Client (the path the hostile suite has proven); an older 2025 revision, which v1 cannot offer, is the v2 client's
// legacy mode. `auto` probes with server/discover and falls back to the v1 handshake when the server is not modern.
import {
  planProtocol,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSION as MODERN_VERSION,
  type LegacyProtocolVersion,
  type ProtocolChoice,
  type ProtocolPlan,
} from '@mcptest/core';
import {
  Client as V2Client,
  SdkError as V2SdkError,
  SdkErrorCode as V2SdkErrorCode,
  SSEClientTransport as V2SSEClientTransport,
  StreamableHTTPClientTransport as V2StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import {
  declaredCapabilities,
  installClientHandlers,
  installModernClientHandlers,
  type SessionClientCapabilities,
} from './client-handlers';
import { bodyHint, httpStatusOf, McpSession, type SessionTransportKind } from './mcp-session';
import { RecordingTransport, type CapturedNotification } from './recording-transport';
import { fromV2Error, ModernSessionClient, type ServerDiscovery } from './session-client';
import { describeNetworkError, displayUrl, redactSecrets, secretsOf, SessionError } from './session-error';

/** A fetch the SDK transports can use; the global fetch and the SSRF-safe fetch both fit. */
export type SessionFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** How to reach the server and how the test client behaves. */
export interface OpenSessionOptions {
  /** `auto`: Streamable HTTP, falling back to legacy SSE when the POST is answered with a 4xx (MCP spec). */
  readonly transport: 'http' | 'sse' | 'auto' | 'stdio';
  /** Endpoint for http, sse and auto. */
  readonly url?: string | undefined;
  /** Static headers on every HTTP request (auth); their values never appear in error messages. */
  readonly headers?: Readonly<Record<string, string>>;
  /** stdio: the executable. */
  readonly command?: string;
  readonly args?: readonly string[];
  /** stdio: added to the SDK's safe default environment. Values never appear in error messages. */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** stdio runs a local program, so only the CLI may allow it; hosted runs keep the default false. */
  readonly allowStdio?: boolean;
  /** Every HTTP request of the session (POST, the SSE GET, DELETE, OAuth discovery) goes through it. */
  readonly fetch?: SessionFetch;
  /**
   * The protocol era: `auto` (default: server/discover, falling back to the 2025 initialize handshake), `modern`
   * (2026-07-28 only), `legacy` (the 2025 handshake), or one exact revision. stdio and SSE speak the 2025 era only.
   */
  readonly protocol?: ProtocolChoice;
  /**
   * Modern era only: the `server/discover` result an earlier session on the same server, URL and headers received
   * (`McpSession.discovery`). The SDK v2 client adopts it (`connect({ prior })`) instead of sending server/discover
   * again, so a stateless server's session costs no request of its own. Reuse it only within one authorization
   * context (same headers); a stale one fails at the first request, as a changed server would anyway.
   */
  readonly priorDiscovery?: ServerDiscovery;
  /** Sent as clientInfo in initialize; default `mcptest`. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /** Roots, sampling and elicitation the client offers; each present field is declared as a capability. */
  readonly capabilities?: SessionClientCapabilities;
  /** Deadline for reaching the server and completing initialize (both attempts of `auto` together); default 30 s. */
  readonly connectTimeoutMs?: number;
  /** Default per-request timeout; default 60 s. */
  readonly requestTimeoutMs?: number;
  /** Largest accepted JSON size of one received message; default 5 MiB. */
  readonly maxResultBytes?: number;
  /** Transcript and notification capture keep at most this many entries each (and 2 x maxResultBytes); default 10 000. */
  readonly maxTranscriptEntries?: number;
  /** Every server notification, as captured. */
  readonly onNotification?: (notification: CapturedNotification) => void;
  /** Every notifications/progress of the session, whichever call it belongs to. */
  readonly onProgress?: (progress: Progress & { readonly progressToken: string | number }) => void;
  /** Clock for transcript timestamps (epoch ms); default Date.now. */
  readonly now?: () => number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RESULT_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_ENTRIES = 10_000;
const STDERR_TAIL_CHARS = 4000;

/** What one connection attempt needs, resolved from the options. */
interface AttemptPlan {
  readonly kind: SessionTransportKind;
  readonly target: string;
  readonly secrets: readonly string[];
  readonly deadline: number;
}

/** A failed attempt: the reason in plain words, plus the HTTP status that `auto` decides on. */
class AttemptFailure extends Error {
  constructor(
    readonly reason: string,
    readonly httpStatus: number | undefined,
    /** Set when a 2xx answer was not MCP (a web page): what came back, e.g. "HTTP 200 text/html to the SSE GET". */
    readonly notMcp?: string,
    /** The server did not answer in time: `auto` does not fall back then (silence on HTTP is an outage). */
    readonly timedOut = false,
  ) {
    super(reason);
  }
}

/** A success status whose body is neither JSON nor an event stream: the URL is something other than MCP. */
interface ForeignAnswer {
  readonly method: string;
  readonly status: number;
  readonly contentType: string;
}

const MCP_CONTENT_TYPE = /^\s*(application\/json|text\/event-stream)\b/i;

/** The sentence for a URL that answered, but not as an MCP server (a web app, a landing page, a proxy's page). */
function notMcpReason(what: string): string {
  return `this URL did not answer as an MCP server (${what}); check that it is the server's MCP endpoint (often ending in /mcp or /sse)`;
}

/**
 * Opens a session. Rejects with SessionError: `stdio_not_allowed`, `invalid_options`, or `connect_failed` (server
 * unreachable, HTTP error, handshake failed or timed out, unsupported protocol version).
 */
export async function openSession(options: OpenSessionOptions): Promise<McpSession> {
  const secrets = secretsOf(options.headers, options.env);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const deadline = Date.now() + connectTimeoutMs;
  const protocol = planProtocol(options.protocol ?? 'auto');

  if (options.transport === 'stdio') {
    if (!options.allowStdio) {
      throw new SessionError(
        'stdio_not_allowed',
        'stdio servers cannot run here: only the CLI may start a local server process; give an http(s) URL instead',
      );
    }
    if (!options.command) {
      throw new SessionError('invalid_options', 'a stdio server needs a command');
    }
    if (!speaksV1(protocol)) {
      throw new SessionError(
        'invalid_options',
        `stdio servers are spoken to in the 2025 era (${V1_PROTOCOL_VERSION}) only; use protocol auto or legacy`,
      );
    }
    const target = [options.command, ...(options.args ?? [])].join(' ');
    return attempt(options, { kind: 'stdio', target, secrets, deadline }).catch((error: unknown) => {
      throw connectFailed(`could not start \`${target}\``, error, secrets);
    });
  }

  const url = parseHttpUrl(options.url);
  const target = displayUrl(url.href);
  if (protocol.era === 'modern' || (protocol.era === 'legacy' && !speaksV1(protocol))) {
    if (protocol.era === 'modern' && options.transport === 'sse') {
      throw new SessionError(
        'invalid_options',
        'the legacy SSE transport exists only in the 2025 era; use http or auto',
      );
    }
    const kind = options.transport === 'sse' ? 'sse' : 'http';
    return attemptV2(options, { kind, target, secrets, deadline }, protocol).catch((error: unknown) => {
      throw connectFailed(`could not connect to ${target}`, error, secrets);
    });
  }
  if (protocol.era === 'auto' && options.transport !== 'sse') {
    try {
      return await attemptV2(options, { kind: 'http', target, secrets, deadline }, protocol);
    } catch (error) {
      // Silence is an outage, not a 2025 server; anything else (a 4xx, a JSON-RPC error, no discover result) means
      // "not modern": the 2025 handshake then runs, and its failure (if any) is the one reported.
      if (error instanceof AttemptFailure && error.timedOut) {
        throw connectFailed(`could not connect to ${target}`, error, secrets);
      }
    }
  }
  return openLegacy(options, target, secrets, deadline);
}

/** The 2025 handshake through the SDK v1 Client: Streamable HTTP, legacy SSE, or `auto` (HTTP, then SSE on a 4xx). */
async function openLegacy(
  options: OpenSessionOptions,
  target: string,
  secrets: readonly string[],
  deadline: number,
): Promise<McpSession> {
  if (options.transport !== 'auto') {
    const kind = options.transport === 'sse' ? 'sse' : 'http';
    return attempt(options, { kind, target, secrets, deadline }).catch((error: unknown) => {
      const how = kind === 'sse' ? ' over legacy SSE' : '';
      throw connectFailed(`could not connect to ${target}${how}`, error, secrets);
    });
  }
  try {
    return await attempt(options, { kind: 'http', target, secrets, deadline });
  } catch (error) {
    // MCP spec, backwards compatibility: a 4xx to the initialize POST means "maybe an old HTTP+SSE server".
    const status = error instanceof AttemptFailure ? error.httpStatus : undefined;
    if (status === undefined || status < 400 || status >= 500) {
      throw connectFailed(`could not connect to ${target}`, error, secrets);
    }
    return attempt(options, { kind: 'sse', target, secrets, deadline }).catch((sseError: unknown) => {
      // A 4xx to the POST and a web page to the GET: a website, not an old MCP server; say that, not "HTTP 200".
      if (sseError instanceof AttemptFailure && sseError.notMcp !== undefined) {
        throw new SessionError(
          'connect_failed',
          redactSecrets(
            `could not connect to ${target}: ` +
              notMcpReason(`HTTP ${status} to the initialize POST, then ${sseError.notMcp}`),
            secrets,
          ),
          { httpStatus: status },
        );
      }
      const sseReason = sseError instanceof AttemptFailure ? sseError.reason : describeNetworkError(sseError);
      throw new SessionError(
        'connect_failed',
        redactSecrets(
          `could not connect to ${target}: the Streamable HTTP POST was answered with HTTP ${status}, ` +
            `and the legacy SSE fallback failed: ${sseReason}`,
          secrets,
        ),
        sseError instanceof AttemptFailure && sseError.httpStatus !== undefined
          ? { httpStatus: sseError.httpStatus }
          : {},
      );
    });
  }
}

function parseHttpUrl(raw: string | undefined): URL {
  if (!raw) throw new SessionError('invalid_options', 'a remote server needs a URL');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SessionError('invalid_options', `"${displayUrl(raw)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SessionError('invalid_options', `${displayUrl(url.href)} is not an http(s) URL`);
  }
  return url;
}

function connectFailed(prefix: string, error: unknown, secrets: readonly string[]): SessionError {
  const reason = error instanceof AttemptFailure ? error.reason : describeNetworkError(error);
  const httpStatus = error instanceof AttemptFailure ? error.httpStatus : undefined;
  return new SessionError(
    'connect_failed',
    redactSecrets(`${prefix}: ${reason}`, secrets),
    httpStatus === undefined ? {} : { httpStatus },
  );
}

function buildTransport(
  options: OpenSessionOptions,
  kind: SessionTransportKind,
  onStderr: (chunk: string) => void,
  fetch: SessionFetch,
): Transport {
  const requestInit: RequestInit = { headers: { ...options.headers } };
  switch (kind) {
    case 'http':
      return new StreamableHTTPClientTransport(new URL(options.url ?? ''), { requestInit, fetch });
    case 'sse':
      // The SSE GET (EventSource) uses this `fetch` too: the SDK prefers eventSourceInit.fetch, then `fetch`; and it
      // adds requestInit.headers to the GET itself.
      return new SSEClientTransport(new URL(options.url ?? ''), { requestInit, fetch });
    case 'stdio': {
      const transport = new StdioClientTransport({
        command: options.command ?? '',
        args: [...(options.args ?? [])],
        ...(options.env ? { env: { ...options.env } } : {}),
        ...(options.cwd ? { cwd: options.cwd } : {}),
        // Piped and always drained: an unread pipe would block a chatty server once its buffer fills.
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk: Buffer) => onStderr(chunk.toString()));
      return transport;
    }
  }
}

/** The answer a watched fetch saw last that was not MCP (a web page), for the error message. */
interface WatchedFetch {
  readonly fetch: SessionFetch;
  foreign(): ForeignAnswer | undefined;
}

/**
 * The session's fetch (the SSRF-safe one in hosted runs), watched: the SDK's errors for a web page ("Unexpected
 * content type", an SSE error with code 200) drop what was answered; the last such answer is kept to say it.
 */
function watchFetch(options: OpenSessionOptions): WatchedFetch {
  let foreign: ForeignAnswer | undefined;
  const baseFetch: SessionFetch = options.fetch ?? ((url, init) => fetch(url, init));
  return {
    fetch: async (url, init) => {
      const response = await baseFetch(url, init);
      const contentType = response.headers.get('content-type') ?? '';
      if (response.ok && response.status !== 202 && response.status !== 204 && !MCP_CONTENT_TYPE.test(contentType)) {
        const type = contentType.split(';')[0]?.trim();
        foreign = { method: init?.method ?? 'GET', status: response.status, contentType: type || 'no content type' };
      }
      return response;
    },
    foreign: () => foreign,
  };
}

function recordingTransport(options: OpenSessionOptions, inner: Transport): RecordingTransport {
  return new RecordingTransport(inner, {
    maxMessageBytes: options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
    maxEntries: options.maxTranscriptEntries ?? DEFAULT_MAX_ENTRIES,
    now: options.now ?? Date.now,
    onNotification: (notification) => {
      options.onNotification?.(notification);
      if (notification.method === 'notifications/progress' && options.onProgress) {
        options.onProgress(notification.params as Progress & { progressToken: string | number });
      }
    },
  });
}

/** Runs `connect` under the attempt's deadline (which also covers transport start, e.g. the SSE endpoint event). */
async function connectWithin(plan: AttemptPlan, handshake: string, connect: (timeoutMs: number) => Promise<void>) {
  const remaining = Math.max(1, plan.deadline - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AttemptFailure(
            `no answer to ${handshake} within ${Math.round(remaining)} ms (timed out)`,
            undefined,
            undefined,
            true,
          ),
        ),
      remaining,
    );
  });
  try {
    await Promise.race([connect(remaining), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** One connection attempt over one transport; on failure everything it opened is closed again. */
async function attempt(options: OpenSessionOptions, plan: AttemptPlan): Promise<McpSession> {
  let stderr = '';
  const watched = watchFetch(options);
  const inner = buildTransport(
    options,
    plan.kind,
    (chunk) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    },
    watched.fetch,
  );
  const recorder = recordingTransport(options, inner);
  const client = new Client(options.clientInfo ?? { name: 'mcptest', version: '0.1.0' }, {
    capabilities: declaredCapabilities(options.capabilities),
  });
  installClientHandlers(client, options.capabilities);

  try {
    // The SDK's own timeout covers the initialize request; ours also covers transport start (the SSE endpoint event).
    await connectWithin(plan, 'initialize', (timeout) => client.connect(recorder, { timeout }));
  } catch (error) {
    await client.close().catch(() => undefined);
    await inner.close().catch(() => undefined);
    throw error instanceof AttemptFailure ? error : explainConnectError(error, plan.kind, stderr, watched.foreign());
  }

  const initialize = recorder.initializeInfo();
  return new McpSession({
    client,
    era: 'legacy',
    recorder,
    transport: plan.kind,
    target: plan.target,
    protocolVersion: initialize?.protocolVersion ?? '(unknown)',
    secrets: plan.secrets,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    ...(inner instanceof StdioClientTransport && inner.pid !== null ? { pid: inner.pid } : {}),
    stderrTail: () => stderr,
  });
}

/** The newest 2025 revision, the one the SDK v1 Client offers in initialize (it cannot offer another). */
const V1_PROTOCOL_VERSION: LegacyProtocolVersion = LEGACY_PROTOCOL_VERSIONS[0];

/** Whether the v1 Client serves this plan: `auto`'s fallback and the newest 2025 revision. */
function speaksV1(protocol: ProtocolPlan): boolean {
  return protocol.era === 'auto' || (protocol.era === 'legacy' && protocol.version === V1_PROTOCOL_VERSION);
}

/**
 * One attempt through the SDK v2 client. `auto` and `modern` pin 2026-07-28: the client sends server/discover (one
 * POST) and accepts only a server offering that revision. A legacy plan here is an older 2025 revision, offered in
 * initialize by v2's legacy mode.
 */
async function attemptV2(
  options: OpenSessionOptions,
  plan: AttemptPlan & { readonly kind: 'http' | 'sse' },
  protocol: ProtocolPlan,
): Promise<McpSession> {
  const watched = watchFetch(options);
  const requestInit: RequestInit = { headers: { ...options.headers } };
  const url = new URL(options.url ?? '');
  const inner =
    plan.kind === 'sse'
      ? new V2SSEClientTransport(url, { requestInit, fetch: watched.fetch })
      : new V2StreamableHTTPClientTransport(url, { requestInit, fetch: watched.fetch });
  const recorder = recordingTransport(options, inner as unknown as Transport);
  const modern = protocol.era !== 'legacy';
  const version = protocol.era === 'legacy' ? protocol.version : MODERN_VERSION;
  const v2 = new V2Client(options.clientInfo ?? { name: 'mcptest', version: '0.1.0' }, {
    capabilities: declaredCapabilities(options.capabilities) as never,
    supportedProtocolVersions: [version],
    versionNegotiation: { mode: modern ? { pin: version } : 'legacy' },
  });
  installModernClientHandlers(v2, options.capabilities);
  const handshake = modern ? 'server/discover' : 'initialize';
  // A discover result this run already received for the same server and headers: adopted with no round trip.
  const prior =
    modern && options.priorDiscovery !== undefined
      ? { prior: { kind: 'modern' as const, discover: options.priorDiscovery } }
      : {};

  try {
    await connectWithin(plan, handshake, (timeout) => v2.connect(recorder as never, { timeout, ...prior }));
  } catch (error) {
    await v2.close().catch(() => undefined);
    await inner.close().catch(() => undefined);
    if (error instanceof AttemptFailure) throw error;
    if (error instanceof V2SdkError && error.code === V2SdkErrorCode.EraNegotiationFailed) {
      // The probe's own failure (network, SSRF refusal, timeout) is in data.cause: say that, not "not modern".
      const cause = (error.data as { cause?: unknown } | undefined)?.cause;
      if (cause instanceof Error && !(cause instanceof V2SdkError && httpStatusOf(cause) !== undefined)) {
        throw explainConnectError(fromV2Error(cause), plan.kind, '', watched.foreign(), handshake);
      }
      throw new AttemptFailure(
        `the server did not answer server/discover as a ${version} server (it may speak only the 2025 revisions: ` +
          'use protocol auto or legacy)',
        undefined,
      );
    }
    throw explainConnectError(fromV2Error(error), plan.kind, '', watched.foreign(), handshake);
  }

  const client = new ModernSessionClient(v2);
  return new McpSession({
    client,
    era: modern ? 'modern' : 'legacy',
    recorder,
    transport: plan.kind,
    target: plan.target,
    protocolVersion: client.negotiatedProtocolVersion() ?? version,
    ...(modern ? discoveryOf(v2) : {}),
    secrets: plan.secrets,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });
}

/** The discover result the v2 client received or adopted, for McpSession.discovery. */
function discoveryOf(v2: V2Client): { discovery?: ServerDiscovery } {
  const discovery = v2.getDiscoverResult();
  return discovery === undefined ? {} : { discovery };
}

/** Why connect/initialize failed, in words, keeping the HTTP status for `auto`. */
function explainConnectError(
  error: unknown,
  kind: SessionTransportKind,
  stderr: string,
  foreign: ForeignAnswer | undefined,
  handshake = 'initialize',
): AttemptFailure {
  const httpStatus = httpStatusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (foreign !== undefined && (/content type/i.test(message) || (httpStatus !== undefined && httpStatus < 300))) {
    const what = `HTTP ${foreign.status} ${foreign.contentType} to ${foreign.method === 'POST' ? `the ${handshake} POST` : 'the SSE GET'}`;
    return new AttemptFailure(notMcpReason(what), foreign.status, what);
  }
  if (httpStatus !== undefined) {
    const what = kind === 'sse' ? 'the SSE GET' : `the ${handshake} POST`;
    // No OAuth flow runs here (the SDK gets no auth provider, so WWW-Authenticate's resource_metadata is never
    // fetched): credentials come from the server's headers.
    const hint = httpStatus === 401 ? ' (unauthorized: give the credentials as server headers)' : '';
    return new AttemptFailure(`${what} was answered with HTTP ${httpStatus}${hint}${bodyHint(error)}`, httpStatus);
  }
  if (error instanceof McpError) {
    if (error.code === -32001) {
      return new AttemptFailure(`no answer to ${handshake} (timed out)`, undefined, undefined, true);
    }
    if (error.code === -32000) return new AttemptFailure(closedReason(kind, stderr), undefined);
    const message = error.message.replace(/^MCP error -?\d+:\s*/, '');
    return new AttemptFailure(`the server rejected ${handshake} with error ${error.code}: ${message}`, undefined);
  }
  const version = /protocol version is not supported: (.*)$/.exec(message)?.[1];
  if (version !== undefined) {
    return new AttemptFailure(
      `the server chose protocol version ${version}, which this client does not support ` +
        `(supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      undefined,
    );
  }
  if (typeof error === 'object' && error !== null && 'issues' in error) {
    return new AttemptFailure(`the answer to ${handshake} is not valid MCP`, undefined);
  }
  return new AttemptFailure(describeNetworkError(error), undefined);
}

function closedReason(kind: SessionTransportKind, stderr: string): string {
  if (kind !== 'stdio') return 'the server closed the connection during initialize';
  const tail = stderr.trim().slice(-300);
  return `the process exited before answering initialize${tail ? ` (stderr: ${tail})` : ''}`;
}
