import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * Error codes a tool handler may throw (as McptestToolError, or any Error carrying one of these `code`s, such as the
 * web app's ApiError): each becomes an `isError` tool result with its message. Anything else is an internal error
 * whose message is not shown (it could name internals).
 */
export const MCPTEST_TOOL_ERROR_CODES = [
  'not_found',
  'forbidden',
  'unauthorized',
  'validation_failed',
  'bad_request',
  'url_refused',
  'conflict',
  'payload_too_large',
  'quota_exceeded',
  'rate_limited',
  'unavailable',
] as const;
export type McptestToolErrorCode = (typeof MCPTEST_TOOL_ERROR_CODES)[number];

/** Key of the error's machine-readable form in the result's `_meta`. */
export const MCPTEST_ERROR_META_KEY = 'mcptest.dev/error';

/** An error a tool handler throws on purpose: the agent sees its code and message. */
export class McptestToolError extends Error {
  override readonly name = 'McptestToolError';
  constructor(
    readonly code: McptestToolErrorCode,
    message: string,
    readonly details?: unknown,
    /** Seconds after which a retry may succeed (rate limits, quotas). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const CODES = new Set<string>(MCPTEST_TOOL_ERROR_CODES);

/** What to do next, appended to the message so an agent does not have to guess. */
const HINTS: Partial<Record<McptestToolErrorCode, string>> = {
  not_found: 'Check the id: list_suites shows the suites (and their latest runs) this token can reach.',
  forbidden: 'Ask for an API token with the needed scope.',
  unauthorized: 'The API token is invalid, expired or revoked.',
  rate_limited: 'Wait before calling again.',
  quota_exceeded: 'Wait for queued runs to finish, or for the daily budget to reset, before triggering again.',
  unavailable: 'mcptest is briefly unavailable; try again shortly.',
};

function retryAfterOf(error: {
  retryAfterSeconds?: unknown;
  details?: unknown;
  headers?: unknown;
}): number | undefined {
  const candidates = [
    error.retryAfterSeconds,
    (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds,
    Number((error.headers as Record<string, string> | undefined)?.['retry-after']),
  ];
  for (const value of candidates) {
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.ceil(value);
  }
  return undefined;
}

/** The known code of an error thrown by a handler, or undefined for an unexpected one. */
export function toolErrorCode(error: unknown): McptestToolErrorCode | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && CODES.has(code)
    ? (code as McptestToolErrorCode)
    : undefined;
}

/**
 * The tool result for an error thrown by a handler: `isError: true`, a text the agent can act on, and the code (with
 * details and retry delay) under `_meta["mcptest.dev/error"]`. No structuredContent: clients validate it against the
 * outputSchema, which describes success only.
 */
export function toolErrorResult(error: unknown): CallToolResult {
  const code = toolErrorCode(error);
  if (!code) {
    return {
      isError: true,
      content: [{ type: 'text', text: 'Internal error in mcptest (it has been logged). Try again later.' }],
      _meta: { [MCPTEST_ERROR_META_KEY]: { code: 'internal' } },
    };
  }
  const typed = error as Error & { details?: unknown; retryAfterSeconds?: unknown; headers?: unknown };
  const retryAfterSeconds = retryAfterOf(typed);
  const parts = [`Error (${code}): ${typed.message}`];
  if (retryAfterSeconds !== undefined) parts.push(`Retry in ${retryAfterSeconds} s.`);
  const hint = HINTS[code];
  if (hint && !(retryAfterSeconds !== undefined && code === 'rate_limited')) parts.push(hint);
  return {
    isError: true,
    content: [{ type: 'text', text: parts.join(' ') }],
    _meta: {
      [MCPTEST_ERROR_META_KEY]: {
        code,
        ...(typed.details === undefined ? {} : { details: typed.details }),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      },
    },
  };
}
