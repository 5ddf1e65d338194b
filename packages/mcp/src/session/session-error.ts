// Typed errors of MCP client sessions, and the helpers that turn SDK, fetch and child-process failures into plain
// sentences. Messages are shown to users (CLI, run reports), so they name what happened and where, and never carry a
// header value: every message goes through `redactSecrets` with the session's header and env values.

/**
 * Why a session operation failed.
 * - `connect_failed`: the server could not be reached or the MCP handshake (initialize) failed.
 * - `connection_lost`: the transport closed underneath an open session (server exited, stream dropped).
 * - `transport_error`: sending a message failed mid-session (network error, HTTP error status).
 * - `timeout`: no answer (and no progress, when progress resets the timer) within the time allowed.
 * - `cancelled`: the caller's AbortSignal fired.
 * - `protocol_error`: the server answered something that is not valid MCP (schema mismatch, unsupported version).
 * - `request_failed`: the server answered a request with a JSON-RPC error (other than tools/call).
 * - `tool_call_failed`: the server answered tools/call with a JSON-RPC error (a result with isError is NOT this).
 * - `result_too_large`: a response's JSON exceeded `maxResultBytes`.
 * - `stdio_not_allowed`: a stdio server was requested where only remote servers may run (hosted runs).
 * - `invalid_options`: the options cannot describe a connection (no URL, not http(s), no command).
 * - `closed`: the session was already closed by its owner.
 */
export type SessionErrorCode =
  | 'connect_failed'
  | 'connection_lost'
  | 'transport_error'
  | 'timeout'
  | 'cancelled'
  | 'protocol_error'
  | 'request_failed'
  | 'tool_call_failed'
  | 'result_too_large'
  | 'stdio_not_allowed'
  | 'invalid_options'
  | 'closed';

/** A JSON-RPC error object as the server sent it. */
export interface SessionRpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** Extra facts attached to a SessionError, for callers that branch on them (all optional). */
export interface SessionErrorDetails {
  /** The server's JSON-RPC error, for `request_failed` and `tool_call_failed`. */
  readonly rpcError?: SessionRpcError;
  /** The HTTP status the server answered with, when the failure was one. */
  readonly httpStatus?: number;
  /** The JSON-RPC method that failed, when one did. */
  readonly method?: string;
  /**
   * For `timeout`: what the server did wrong while the request waited (a response with an unknown id, a broken or
   * oversized event stream), which is why no answer came; absent when nothing was reported.
   */
  readonly serverFault?: string;
}

/** The one error type thrown by session code; `code` is what callers branch on, `message` is for people. */
export class SessionError extends Error {
  override readonly name = 'SessionError';
  readonly code: SessionErrorCode;
  readonly rpcError: SessionRpcError | undefined;
  readonly httpStatus: number | undefined;
  readonly method: string | undefined;
  readonly serverFault: string | undefined;

  constructor(code: SessionErrorCode, message: string, details: SessionErrorDetails = {}) {
    super(message);
    this.code = code;
    this.rpcError = details.rpcError;
    this.httpStatus = details.httpStatus;
    this.method = details.method;
    this.serverFault = details.serverFault;
  }
}

/** True when `error` is a SessionError, optionally with the given code. */
export function isSessionError(error: unknown, code?: SessionErrorCode): error is SessionError {
  return error instanceof SessionError && (code === undefined || error.code === code);
}

// Node and undici error codes in plain words; anything else falls back to the innermost message.
const NETWORK_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed (temporary failure)',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  ECONNRESET: 'connection reset by the server',
  UND_ERR_SOCKET: 'connection closed by the server',
  EPIPE: 'connection closed by the server',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_HEADERS_TIMEOUT: 'the server did not send response headers in time',
  UND_ERR_BODY_TIMEOUT: 'the server stopped sending the response body',
  CERT_HAS_EXPIRED: 'TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain contains a self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host name',
  ENOENT: 'command not found',
  EACCES: 'permission denied',
};

const CODE_IN_TEXT = new RegExp(`\\b(${Object.keys(NETWORK_CODES).join('|')})\\b`);

/** Follows `cause` links (bounded: a cause cycle must not hang error reporting). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 6) {
    chain.push(current);
    current = typeof current === 'object' && 'cause' in current ? (current as { cause?: unknown }).cause : undefined;
  }
  return chain;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

/**
 * A network or process failure in plain words: "connection refused", "host not found", ... or, for an error this
 * table does not know (an SSRF refusal from the injected fetch, say), its innermost message with the generic
 * wrappers ("SSE error:", "TypeError: fetch failed:") taken off.
 */
export function describeNetworkError(error: unknown): string {
  const chain = causeChain(error);
  for (const link of chain) {
    const code = typeof link === 'object' && link && 'code' in link ? (link as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && NETWORK_CODES[code]) return NETWORK_CODES[code];
  }
  for (const link of chain) {
    const match = CODE_IN_TEXT.exec(messageOf(link));
    if (match?.[1]) return NETWORK_CODES[match[1]] ?? match[1];
  }
  // The innermost cause that says more than "fetch failed" is the most specific one.
  const messages = chain.map(messageOf).filter((text) => text && text !== 'fetch failed');
  const specific = messages[messages.length - 1] ?? messageOf(error);
  return stripWrappers(specific) || 'unknown error';
}

function stripWrappers(text: string): string {
  let out = text.trim();
  for (;;) {
    const next = out
      .replace(/^SSE error:\s*/i, '')
      .replace(/^Streamable HTTP error:\s*/i, '')
      .replace(/^TypeError:\s*/, '')
      .replace(/^fetch failed:?\s*/i, '')
      .trim();
    if (next === out) return out;
    out = next;
  }
}

/**
 * A URL safe to print: user info dropped, query values masked (tokens often ride in `?key=`), so a message never
 * carries a credential even when the URL does.
 */
export function displayUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(invalid URL)';
  }
  parsed.username = '';
  parsed.password = '';
  const keys = [...parsed.searchParams.keys()];
  parsed.search = '';
  const query = keys.map((key) => `${encodeURIComponent(key)}=***`).join('&');
  return parsed.toString() + (query ? `?${query}` : '');
}

/** The values (≥ 4 characters) that must never appear in a message: header values, env values. */
export function secretsOf(...maps: (Readonly<Record<string, string>> | undefined)[]): string[] {
  const values = new Set<string>();
  for (const map of maps) {
    for (const value of Object.values(map ?? {})) {
      if (value.length >= 4) values.add(value);
      // "Bearer abc" also leaks as "abc" alone when a server echoes only the token.
      const token = /^\S+\s+(\S{4,})$/.exec(value)?.[1];
      if (token) values.add(token);
    }
  }
  // Longest first, so a value containing a shorter one is masked whole.
  return [...values].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of each secret with `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('***');
  return out;
}
