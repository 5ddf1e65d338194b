import { DbError } from '@mcptest/db';
import { SsrfRefusedError } from '@mcptest/mcp';
import { ZodError } from 'zod';
import { ApiError, ERROR_STATUS, isErrorCode, type ErrorCode, type ErrorDetail } from './api-error';

/** `a.b[0]` from a zod issue path. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

export function zodDetails(error: ZodError, prefix = ''): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [prefix, formatIssuePath(issue.path)].filter(Boolean).join('.') || '(body)',
    message: issue.message,
  }));
}

function body(code: ErrorCode, message: string, details?: unknown): string {
  return JSON.stringify({ error: { code, message, ...(details === undefined ? {} : { details }) } });
}

/** What an error becomes on the wire: the uniform body's fields, its HTTP status and extra headers. */
export interface ErrorPayload {
  status: number;
  code: ErrorCode;
  message: string;
  details?: unknown;
  headers?: Record<string, string> | undefined;
  /** Not a known, typed error: the caller logs the cause (the message says nothing about internals). */
  unexpected: boolean;
}

/**
 * Classifies anything thrown by a service: known errors keep their code and message; anything else is a 500 whose
 * message says nothing about internals. The REST API (`toErrorResponse`) and the UI's server actions both use it.
 */
export function toErrorPayload(error: unknown): ErrorPayload {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.headers,
      unexpected: false,
    };
  }
  if (error instanceof ZodError) {
    const details = zodDetails(error);
    return {
      status: 400,
      code: 'validation_failed',
      message: `invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
      details,
      unexpected: false,
    };
  }
  if (error instanceof SsrfRefusedError) {
    return {
      status: 400,
      code: 'url_refused',
      message: error.message,
      details: { rule: error.rule },
      unexpected: false,
    };
  }
  if (error instanceof DbError && error.code === 'not_found') {
    return { status: 404, code: 'not_found', message: error.message, unexpected: false };
  }
  // Typed errors of services (webhooks, badges...) that carry a known code.
  const coded = error as { code?: unknown; message?: unknown; details?: unknown };
  if (error instanceof Error && isErrorCode(coded.code) && coded.code !== 'internal') {
    return {
      status: ERROR_STATUS[coded.code],
      code: coded.code,
      message: String(coded.message),
      details: coded.details,
      unexpected: false,
    };
  }
  // A NUL byte in a path id or page URL (bodies and queries are refused earlier, by findUnstorableText): Postgres
  // cannot compare text holding one, and no stored row can hold one either, so it names nothing: the unknown id's 404.
  if (isNulInQuery(error)) {
    return { status: 404, code: 'not_found', message: 'not found', unexpected: false };
  }
  // Redis or Postgres away: the client should retry later, and the cause is still logged.
  if (error instanceof Error && isUnavailable(error)) {
    return {
      status: 503,
      code: 'unavailable',
      message: 'a backing service is unavailable; retry shortly',
      headers: { 'retry-after': '5' },
      unexpected: true,
    };
  }
  return { status: 500, code: 'internal', message: 'internal error; it has been logged', unexpected: true };
}

/** Turns anything thrown by a route into the uniform JSON error `{"error":{"code","message","details"}}`. */
export function toErrorResponse(error: unknown): { response: Response; unexpected: boolean } {
  const payload = toErrorPayload(error);
  const response = new Response(body(payload.code, payload.message, payload.details), {
    status: payload.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...payload.headers,
    },
  });
  return { response, unexpected: payload.unexpected };
}

/** Postgres's "invalid byte sequence for encoding UTF8: 0x00" (22021), as Prisma's driver adapter reports it. */
function isNulInQuery(error: unknown): boolean {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta
    ?.driverAdapterError?.cause;
  return cause?.originalCode === '22021';
}

/** ioredis and pg connection failures (by name or message; neither library exports a common error class). */
function isUnavailable(error: Error): boolean {
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    /Command timed out|Connection is closed|ECONNREFUSED|Can't reach database server|Connection terminated/i.test(
      error.message,
    )
  );
}
