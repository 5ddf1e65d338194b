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

/**
 * Turns anything thrown by a route into the uniform JSON error. Known errors keep their code and message; anything
 * else is a 500 whose message says nothing about internals (the cause is logged by the caller).
 */
export function toErrorResponse(error: unknown): { response: Response; unexpected: boolean } {
  const json = (status: number, text: string, headers: Record<string, string> = {}) =>
    new Response(text, {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    });
  if (error instanceof ApiError) {
    return {
      response: json(error.status, body(error.code, error.message, error.details), error.headers),
      unexpected: false,
    };
  }
  if (error instanceof ZodError) {
    const details = zodDetails(error);
    return {
      response: json(
        400,
        body(
          'validation_failed',
          `invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
          details,
        ),
      ),
      unexpected: false,
    };
  }
  if (error instanceof SsrfRefusedError) {
    return {
      response: json(400, body('url_refused', error.message, { rule: error.rule })),
      unexpected: false,
    };
  }
  if (error instanceof DbError && error.code === 'not_found') {
    return { response: json(404, body('not_found', error.message)), unexpected: false };
  }
  // Typed errors of services (webhooks, badges...) that carry a known code.
  const coded = error as { code?: unknown; message?: unknown; details?: unknown };
  if (error instanceof Error && isErrorCode(coded.code) && coded.code !== 'internal') {
    return {
      response: json(ERROR_STATUS[coded.code], body(coded.code, String(coded.message), coded.details)),
      unexpected: false,
    };
  }
  // Redis or Postgres away: the client should retry later, and the cause is still logged.
  if (error instanceof Error && isUnavailable(error)) {
    return {
      response: json(503, body('unavailable', 'a backing service is unavailable; retry shortly'), {
        'retry-after': '5',
      }),
      unexpected: true,
    };
  }
  return { response: json(500, body('internal', 'internal error; it has been logged')), unexpected: true };
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
