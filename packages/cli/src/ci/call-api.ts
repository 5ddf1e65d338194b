// The HTTP layer of `mcptest ci`: every request to the user's mcptest API goes through here, bounded by a timeout,
// retried on 429/502/503/504 (honouring Retry-After) and on connection failures, with typed errors.
import { ApiErrorBody } from './api-schemas';

/** Why a request failed. `http` is any other non-2xx answer (its status is on the error). */
export type ApiErrorCode = 'http' | 'network' | 'timeout' | 'rate_limited' | 'bad_response' | 'aborted';

/** A failed API request; `message` is fit to print (never holds the token) and names the server's own message. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status?: number,
    /** The `error.code` of the API's error body, when it sent one. */
    readonly apiCode?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Base URL of the service (normalised by `normalizeApiUrl`). */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch | undefined;
  /** Bound of one request (connect, headers and body; for a stream, until the headers). Default 30 s. */
  requestTimeoutMs?: number | undefined;
  /** Retries of one request after a 429/502/503/504 or a connection failure. Default 4. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited out: the request fails as rate_limited. Default 120 s. */
  maxRetryDelayMs?: number;
  /** Waits between retries; resolves early (or rejects) when the signal aborts. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Told about each retry, for a note on stderr. */
  onRetry?: (message: string) => void;
}

export interface ApiRequest {
  method?: 'GET' | 'POST';
  /** Path under the base URL, starting with `/api/v1/`. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  accept?: string;
  /** Aborts the request and any retry wait (the run deadline, Ctrl-C). */
  signal?: AbortSignal | undefined;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** The body as text (already read, within the timeout). */
  text: string;
}

export interface ApiStream {
  response: Response;
  /** Stops reading the stream and closes the connection. */
  close: () => void;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** A request whose whole body is read within the timeout; a non-2xx answer throws ApiError. */
  request(request: ApiRequest): Promise<ApiResponse>;
  /** A long-lived request (server-sent events): the timeout bounds only the wait for the headers. */
  stream(request: ApiRequest): Promise<ApiStream>;
  /** `request` that parses the JSON body (ApiError bad_response when it is not JSON). */
  json(request: ApiRequest): Promise<{ status: number; body: unknown }>;
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

/** Default sleep: a timer that ends early when the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or
 * unreadable. A date in the past is 0.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

// C0 and C1 controls: a server's message goes to a terminal and a CI log.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Server-supplied text, made safe to print and kept short. */
export function printable(text: string, max = 500): string {
  const clean = text.replace(UNPRINTABLE, '').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** The error for a non-2xx answer: the API's `{"error":{"code","message"}}` when it sent one. */
function httpError(status: number, headers: Headers, text: string): ApiError {
  let apiCode: string | undefined;
  let message: string | undefined;
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(text));
    if (parsed.success) {
      apiCode = parsed.data.error.code;
      message = parsed.data.error.message;
    }
  } catch {
    // Not JSON: a proxy's page, say. Plain text is worth showing; HTML is not.
    if (/^text\/plain/i.test(headers.get('content-type') ?? '') && text.trim() !== '') message = text;
  }
  const head = `HTTP ${status}${apiCode ? ` ${printable(apiCode, 60)}` : ''}`;
  return new ApiError('http', message ? `${head}: ${printable(message)}` : head, status, apiCode);
}

function networkMessage(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** A client for one API base URL and token. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 4;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 120_000;
  const sleep = options.sleep ?? abortableSleep;

  /** One attempt: resolves with the response (body unread when `stream`), rejects with ApiError. */
  async function attempt(
    request: ApiRequest,
    stream: boolean,
  ): Promise<{ response: Response; text?: string; close: () => void }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const close = () => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      controller.abort();
    };
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      accept: request.accept ?? 'application/json',
      'user-agent': 'mcptest-cli',
      ...request.headers,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const url = `${options.baseUrl}${request.path}`;
    try {
      if (request.signal?.aborted) throw new ApiError('aborted', 'aborted');
      const response = await doFetch(url, {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? null : JSON.stringify(request.body),
        signal: controller.signal,
        // The token must not follow a redirect to another host; the API has no reason to redirect.
        redirect: 'manual',
      });
      if (stream && response.ok) {
        clearTimeout(timer);
        return { response, close };
      }
      const text = await response.text();
      close();
      return { response, text, close };
    } catch (error) {
      close();
      if (error instanceof ApiError) throw error;
      if (timedOut) {
        throw new ApiError('timeout', `${request.method ?? 'GET'} ${request.path}: no answer within ${timeoutMs} ms`);
      }
      if (request.signal?.aborted) throw new ApiError('aborted', 'aborted');
      throw new ApiError('network', `cannot reach ${options.baseUrl}: ${printable(networkMessage(error), 200)}`);
    }
  }

  async function send(request: ApiRequest, stream: boolean) {
    for (let retry = 0; ; retry++) {
      let failure: ApiError;
      let delayMs: number | undefined;
      try {
        const result = await attempt(request, stream);
        const { response } = result;
        if (response.status >= 200 && response.status < 300) return result;
        if (response.status >= 300 && response.status < 400) {
          throw new ApiError(
            'http',
            `HTTP ${response.status}: the API redirected ${request.path}; pass the service's own URL with --api`,
            response.status,
          );
        }
        failure = httpError(response.status, response.headers, result.text ?? '');
        if (!RETRYABLE_STATUS.has(response.status)) throw failure;
        delayMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
        if (delayMs !== undefined && delayMs > maxRetryDelayMs) {
          throw new ApiError(
            'rate_limited',
            `${failure.message} (retry after ${Math.ceil(delayMs / 1000)} s, longer than mcptest ci waits)`,
            response.status,
            failure.apiCode,
          );
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.code !== 'network' && error.code !== 'timeout') throw error;
        failure = error;
      }
      if (retry >= maxRetries) throw failure;
      const wait = delayMs ?? Math.min(1000 * 2 ** retry, 16_000);
      options.onRetry?.(`${failure.message}; retrying in ${Math.ceil(wait / 1000)} s`);
      await sleep(wait, request.signal);
      if (request.signal?.aborted) throw new ApiError('aborted', 'aborted');
    }
  }

  async function request(req: ApiRequest): Promise<ApiResponse> {
    const { response, text } = await send(req, false);
    return { status: response.status, headers: response.headers, text: text ?? '' };
  }

  return {
    baseUrl: options.baseUrl,
    request,
    async stream(req) {
      const { response, close } = await send(req, true);
      return { response, close };
    },
    async json(req) {
      const { status, text } = await request(req);
      try {
        return { status, body: JSON.parse(text) as unknown };
      } catch {
        throw new ApiError('bad_response', `${req.path}: the API answered HTTP ${status} without JSON`, status);
      }
    },
  };
}
