import { isIP } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Dispatcher, Pool } from 'undici';
import type { OutboundGate, OutboundRequest } from '@mcptest/core';
import { validateAllowlist } from './check-address';
import { checkOutboundUrl } from './check-url';
import { eventStreamLimiter, totalLimiter, type BodyLimiter } from './body-limits';
import { resolveChecked, systemResolver, type HostResolver, type ResolvedAddress } from './checked-connector';
import { createPinnedPools } from './pinned-pools';
import { OutboundTimeoutError, SsrfRefusedError } from './ssrf-errors';

/** Options of {@link createSafeFetch}. Sizes in bytes, times in milliseconds. */
export interface SafeFetchOptions {
  /**
   * CIDRs of private networks that may be reached (the parsed `MCPTEST_ALLOW_PRIVATE_NETWORKS`). Public unicast is
   * always allowed; link-local, metadata, unspecified, broadcast and multicast addresses never, whatever is listed.
   */
  readonly allowPrivateNetworks: readonly string[];
  /** Resolves host names; the system resolver unless a test injects one. */
  readonly resolve?: HostResolver;
  /** Redirects followed (each re-checked) before refusing with `too_many_redirects`. Default 5. */
  readonly maxRedirects?: number;
  /** Cap on a response body (after content decoding). Default 10 MiB. */
  readonly maxResponseBytes?: number;
  /** Cap on one event of a text/event-stream body. Default: `maxResponseBytes`. */
  readonly maxEventBytes?: number;
  /** Cap on a whole text/event-stream body. Default 256 MiB. */
  readonly maxEventStreamBytes?: number;
  /** DNS + TCP + TLS handshake, per connection. Default 10 s. */
  readonly connectTimeoutMs?: number;
  /**
   * The whole exchange: every redirect hop and the body. For a text/event-stream response it ends when the headers
   * arrive; the stream then lives until the caller aborts or the server ends it. Default 30 s.
   */
  readonly timeoutMs?: number;
  /**
   * Admits every request this fetch sends (each redirect hop is one), after its host was resolved and checked: per-host
   * politeness in the worker and the web app. Requests of {@link SafeFetch.withGate} pass their own gate first.
   */
  readonly gate?: OutboundGate;
  /**
   * Told of every refusal, with the resolved address the tenant-facing message leaves out (`error.address`): for the
   * operator's log.
   */
  readonly onRefused?: (error: SsrfRefusedError) => void;
}

/** The MCP SDK's FetchLike, extended to Request inputs. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A fetch that reaches only admitted addresses. */
export type SafeFetch = FetchLike & {
  /**
   * The same fetch (same connections, same rules and gate) with `gate` in front of its own gate for every request:
   * a run's request budget, a discovery's tenant budget. Nothing sent through the result escapes `gate`.
   */
  withGate(gate: OutboundGate): FetchLike;
  /** Closes the pooled connections. */
  close(): Promise<void>;
};

const MiB = 1024 * 1024;
const DEFAULTS = {
  maxRedirects: 5,
  maxResponseBytes: 10 * MiB,
  maxEventStreamBytes: 256 * MiB,
  connectTimeoutMs: 10_000,
  timeoutMs: 30_000,
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
/** Dropped when a redirect changes method to GET (fetch spec, "request-body-header names"). */
const BODY_HEADERS = ['content-encoding', 'content-language', 'content-location', 'content-type', 'content-length'];
/**
 * Headers kept when a redirect leaves the origin. Everything else goes: not only Authorization and Cookie but custom
 * credentials (X-Api-Key and the like, which servers' static headers often carry) and Mcp-Session-Id.
 */
const CROSS_ORIGIN_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'content-language',
  'content-type',
  'mcp-protocol-version',
  'user-agent',
]);

function isEventStream(headers: Headers): boolean {
  const type = headers.get('content-type') ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

/**
 * A network failure as fetch reports it: a TypeError ("fetch failed" before the response, "terminated" while reading
 * its body) with undici's error as the cause; our own errors stay as they are.
 */
function withCause(error: unknown, message: 'fetch failed' | 'terminated'): unknown {
  if (error instanceof SsrfRefusedError || error instanceof OutboundTimeoutError) return error;
  return new TypeError(message, { cause: error });
}

/** Finds our own errors under undici's "fetch failed" TypeError and names connect timeouts. */
function explain(error: unknown, host: string, connectTimeoutMs: number): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current instanceof SsrfRefusedError || current instanceof OutboundTimeoutError) return current;
    if ((current as { code?: unknown }).code === 'UND_ERR_CONNECT_TIMEOUT')
      return new OutboundTimeoutError('connect', connectTimeoutMs, host);
    current = current.cause;
  }
  return error;
}

/** The parts of a request the redirect loop rewrites; the body is buffered so 307/308 can send it again. */
interface Hop {
  url: URL;
  method: string;
  headers: Headers;
  body: Uint8Array | null;
}

/** Methods the fetch spec upper-cases whatever their case; others are sent as written. */
const NORMALIZED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

/** What the redirect loop needs of the caller's request: method, headers, body bytes and redirect mode. */
async function readRequest(
  input: string | URL | Request,
  init: RequestInit | undefined,
): Promise<Omit<Hop, 'url'> & { redirect: NonNullable<RequestInit['redirect']> }> {
  const body = init?.body;
  if (!(input instanceof Request) && (body === undefined || body === null || typeof body === 'string')) {
    // The MCP SDK's case: a URL and a string body. A platform Request built only to read the string back cost about
    // 0.1 ms per request (docs/benchmarks.md, runner overhead); undici's fetch validates method and headers again.
    const written = init?.method ?? 'GET';
    const method = NORMALIZED_METHODS.has(written.toUpperCase()) ? written.toUpperCase() : written;
    const headers = new Headers(init?.headers);
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : null;
    if (bytes && (method === 'GET' || method === 'HEAD')) throw new TypeError(`a ${method} request cannot have a body`);
    if (bytes && !headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
    return { method, headers, body: bytes, redirect: init?.redirect ?? 'follow' };
  }
  // The platform Request normalises method, headers and every other body type (and the Content-Type it implies).
  const request = new Request(input, init);
  return {
    method: request.method,
    headers: new Headers(request.headers),
    body: request.body ? new Uint8Array(await request.arrayBuffer()) : null,
    redirect: request.redirect,
  };
}

/** Applies the fetch spec's redirect rules to the next hop, or refuses it. */
function nextHop(hop: Hop, status: number, target: URL, allowlist: readonly string[]): Hop {
  const check = checkOutboundUrl(target, allowlist);
  if (!check.ok) throw new SsrfRefusedError(check.rule, `redirect from ${hop.url.host}: ${check.message}`);
  let { method, body } = hop;
  const headers = new Headers(hop.headers);
  if (
    ((status === 301 || status === 302) && method === 'POST') ||
    (status === 303 && !['GET', 'HEAD'].includes(method))
  ) {
    method = 'GET';
    body = null;
    for (const name of BODY_HEADERS) headers.delete(name);
  }
  if (target.origin !== hop.url.origin) {
    for (const name of [...headers.keys()]) if (!CROSS_ORIGIN_HEADERS.has(name)) headers.delete(name);
  }
  return { url: target, method, headers, body };
}

/** One hop's answer as undici's dispatcher gives it: status, headers as a platform Headers, the body as a Node stream. */
interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  body: Readable;
}

/**
 * Sends one hop on its pinned pool through undici's dispatcher API rather than undici's `fetch`: the same connection
 * pool, connector and address checks, without fetch's per-request machinery (a Request and Response of its own, the
 * body cloned into web streams for `redirect: 'manual'`, the request body streamed as an async iterable, which wrote
 * each request in two syscalls). That machinery cost about 0.3 ms of CPU per request, the largest share of the
 * runner's overhead over the bare SDK (docs/benchmarks.md, runner overhead). What fetch adds that matters is kept:
 * `Accept: *\/*` when the caller sent none, and content decoding (see `decode`); redirects are ours anyway.
 */
async function exchange(hop: Hop, pool: Pool, signal: AbortSignal): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of hop.headers) headers[name] = value;
  headers.accept ??= '*/*';
  const answer = await pool.request({
    path: `${hop.url.pathname}${hop.url.search}`,
    method: hop.method as Dispatcher.HttpMethod,
    headers,
    body: hop.body,
    signal,
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
  }
  return {
    status: answer.statusCode,
    statusText: answer.statusText ?? '',
    headers: responseHeaders,
    body: answer.body,
  };
}

/** Drops a body nobody will read; undici reports destroying an unread body as an error event, which is expected here. */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** zlib's lenient flush, as fetch uses it: a body cut short after a complete block still yields what it holds. */
const LENIENT = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };

/**
 * The body decoded as fetch decodes it (gzip, deflate, br, in the order applied), so caps count decoded bytes. No
 * Accept-Encoding is sent, so a server should not encode at all; an unknown coding is passed on as sent, as fetch does.
 */
function decode(body: Readable, headers: Headers): Readable {
  const codings = (headers.get('content-encoding') ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return body;
  const decoders: NodeJS.ReadWriteStream[] = [];
  for (const coding of codings.reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(zlib.createGunzip(LENIENT));
    else if (coding === 'deflate') decoders.push(zlib.createInflate(LENIENT));
    else if (coding === 'br') decoders.push(zlib.createBrotliDecompress());
    else return body;
  }
  // A decoding error (or the source's) ends the chain with that error, which the reader then sees.
  return pipeline([body, ...decoders], () => undefined) as unknown as Readable;
}

/**
 * Wraps the body so it stops past its cap, turns an abort into our error, and runs `done` exactly once when the body
 * ends, fails or is cancelled.
 */
function limitBody(
  source: Readable,
  limiter: BodyLimiter,
  host: string,
  explainError: (error: unknown) => unknown,
  done: () => void,
): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await chunks.next();
        if (ended) {
          done();
          controller.close();
          return;
        }
        const exceeded = limiter(value);
        if (exceeded) {
          const error = new SsrfRefusedError('response_too_large', `${host}: ${exceeded}`);
          done();
          controller.error(error);
          discard(source);
          return;
        }
        controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(explainError(error));
      }
    },
    cancel() {
      done();
      discard(source);
    },
  });
}

/** Runs `gates` in order; a refusal gives back what the earlier ones admitted. Resolves with one idempotent release. */
async function passGates(
  gates: readonly OutboundGate[],
  request: OutboundRequest,
  signal: AbortSignal | undefined,
): Promise<() => void> {
  const releases: (() => void)[] = [];
  const releaseAll = () => {
    for (const release of releases.splice(0).reverse()) {
      try {
        release();
      } catch {
        // A gate's release must not decide the fate of the request.
      }
    }
  };
  try {
    for (const gate of gates) releases.push(await gate(request, signal));
  } catch (error) {
    releaseAll();
    throw error;
  }
  return releaseAll;
}

/** Rejects with the signal's reason or `onTimeout()` if `promise` has not settled first (DNS cannot be cancelled). */
function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => settle(() => reject(onTimeout())), ms);
    const onAbort = () => settle(() => reject(signal?.reason));
    const settle = (done: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      done();
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

/**
 * Creates the fetch every user-supplied URL goes through (MCP transports, including their OAuth discovery, and
 * webhooks). On top of fetch semantics it:
 * - allows only http: and https: URLs without credentials, on any port;
 * - connects only to admitted addresses ({@link checkAddress}): literal hosts are checked before connecting, names
 *   are resolved once, every address checked, and the socket connects to those very addresses (no DNS rebinding);
 * - follows redirects itself (`redirect: 'follow'`, the default), at most `maxRedirects`, re-checking each hop,
 *   with the fetch spec's method rules and all credential-bearing headers dropped when the origin changes;
 *   `redirect: 'manual'` returns the 3xx as it is (the MCP SDK follows same-origin redirects by calling again);
 * - caps the body size and the time (see {@link SafeFetchOptions}); the caller's `signal` still aborts.
 * Refusals reject with {@link SsrfRefusedError}, its own time limits with {@link OutboundTimeoutError}. Request
 * bodies are buffered. Proxy environment variables are ignored: a proxy would connect on our behalf, unchecked.
 */
export function createSafeFetch(options: SafeFetchOptions): SafeFetch {
  const allowlist = [...options.allowPrivateNetworks];
  validateAllowlist(allowlist);
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULTS.maxResponseBytes;
  const maxEventBytes = options.maxEventBytes ?? maxResponseBytes;
  const maxEventStreamBytes = options.maxEventStreamBytes ?? DEFAULTS.maxEventStreamBytes;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const resolve = options.resolve ?? systemResolver;
  const pools = createPinnedPools({ allowlist, connectTimeoutMs });
  const ownGates: readonly OutboundGate[] = options.gate ? [options.gate] : [];

  /** The addresses a hop's host stands for: the literal itself, or the name resolved once and every address checked. */
  const addressesOf = (url: URL, signal: AbortSignal | undefined): Promise<readonly ResolvedAddress[]> => {
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const family = isIP(host);
    if (family !== 0) return Promise.resolve([{ address: host, family: family === 6 ? 6 : 4 }]);
    return within(
      resolveChecked(host, resolve, allowlist),
      connectTimeoutMs,
      () => new OutboundTimeoutError('connect', connectTimeoutMs, url.host),
      signal,
    );
  };

  /** Resolves the hop's host and passes the gates; what to send it through and what to call when it is over. */
  const admit = async (hop: Hop, gates: readonly OutboundGate[], signal: AbortSignal | undefined) => {
    const addresses = await addressesOf(hop.url, signal);
    const host = hop.url.hostname
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '');
    const release = await passGates(
      gates,
      { host, address: addresses[0]!.address, method: hop.method, accept: hop.headers.get('accept') },
      signal,
    );
    return { pool: pools.get(hop.url.origin, addresses), release };
  };

  const send = async (
    gates: readonly OutboundGate[],
    input: string | URL | Request,
    init?: RequestInit,
  ): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(input instanceof Request ? input.url : input);
    } catch {
      throw new SsrfRefusedError('invalid_url', `${JSON.stringify(String(input))} is not a valid URL`);
    }
    const first = checkOutboundUrl(url, allowlist);
    if (!first.ok) throw new SsrfRefusedError(first.rule, first.message);

    const request = await readRequest(input, init);
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (callerSignal?.aborted) throw callerSignal.reason;
    const explainError = (error: unknown) => explain(error, url.host, connectTimeoutMs);

    let hop: Hop = {
      url,
      method: request.method,
      headers: request.headers,
      body: request.body,
    };
    // The first hop's wait for its gates (politeness may queue it) is not part of the exchange's time limit.
    let admitted = await admit(hop, gates, callerSignal);
    let releaseHop: (() => void) | undefined = admitted.release;
    const endHop = () => {
      releaseHop?.();
      releaseHop = undefined;
    };

    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new OutboundTimeoutError('total', timeoutMs, url.host)), timeoutMs);
    let finished = false;
    const finish = () => {
      endHop();
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    };

    // An abort (the caller's, or our timeout's) rejects with its reason, as fetch does; other failures as fetch's
    // TypeError, with undici's error (or our refusal) as the cause, which `explain` finds.
    const failure = (error: unknown) =>
      controller.signal.aborted ? controller.signal.reason : explainError(withCause(error, 'fetch failed'));
    // A body that breaks off while read fails as fetch's does: TypeError "terminated" (what the SDK's message keeps).
    const bodyFailure = (error: unknown) =>
      controller.signal.aborted ? controller.signal.reason : explainError(withCause(error, 'terminated'));

    try {
      let response: Answer;
      let redirects = 0;
      for (; ; redirects += 1) {
        response = await exchange(hop, admitted.pool, controller.signal).catch((error: unknown) => {
          throw failure(error);
        });
        const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
        if (location === null || request.redirect === 'manual') break;
        discard(response.body);
        endHop();
        if (request.redirect === 'error') throw new TypeError(`redirect from ${hop.url.href} with redirect: 'error'`);
        let target: URL;
        try {
          target = new URL(location, hop.url);
        } catch {
          throw new SsrfRefusedError('invalid_url', `${hop.url.host} redirected to an invalid URL`);
        }
        if (redirects >= maxRedirects)
          throw new SsrfRefusedError('too_many_redirects', `${url.host}: more than ${maxRedirects} redirects`);
        hop = nextHop(hop, response.status, target, allowlist);
        // Every hop is a request of its own: resolved, checked, counted and limited like the first.
        admitted = await admit(hop, gates, controller.signal);
        releaseHop = admitted.release;
      }

      const { headers } = response;
      let body: ReadableStream<Uint8Array> | null = null;
      if (!NULL_BODY_STATUSES.has(response.status) && hop.method !== 'HEAD') {
        const eventStream = isEventStream(headers);
        const declared = Number(headers.get('content-length') ?? NaN);
        if (!eventStream && declared > maxResponseBytes) {
          discard(response.body);
          throw new SsrfRefusedError(
            'response_too_large',
            `${hop.url.host}: response body of ${declared} bytes exceeds ${maxResponseBytes} bytes`,
          );
        }
        // An event stream may outlive the total timeout; only the caller's signal (and its caps) end it now.
        if (eventStream) clearTimeout(timer);
        const limiter = eventStream
          ? eventStreamLimiter(maxEventBytes, maxEventStreamBytes)
          : totalLimiter(maxResponseBytes);
        body = limitBody(decode(response.body, headers), limiter, hop.url.host, bodyFailure, finish);
      } else {
        discard(response.body);
        finish();
      }
      const result = new Response(body, { status: response.status, statusText: response.statusText, headers });
      // A constructed Response has an empty url; callers (the SDK's redirect messages among them) read it.
      Object.defineProperty(result, 'url', { value: hop.url.href });
      Object.defineProperty(result, 'redirected', { value: redirects > 0 });
      return result;
    } catch (error) {
      finish();
      throw error;
    }
  };

  /** Tells the operator's log what the tenant's message leaves out, then rejects as before. */
  const reporting =
    (gates: readonly OutboundGate[]): FetchLike =>
    (input, init) =>
      send(gates, input, init).catch((error: unknown) => {
        if (error instanceof SsrfRefusedError) options.onRefused?.(error);
        throw error;
      });

  return Object.assign(reporting(ownGates), {
    withGate: (gate: OutboundGate) => reporting([gate, ...ownGates]),
    close: () => pools.close(),
  });
}
