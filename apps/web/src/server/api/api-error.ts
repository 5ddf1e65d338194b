/**
 * Every error code the API answers with, and its HTTP status: the one place codes map to statuses. Services throw
 * errors carrying one of these codes (ApiError, or their own classes with a `code` and optional `details`).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  url_refused: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  quota_exceeded: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** One problem of a request body or query: where (field path, or YAML line and column) and what. */
export interface ErrorDetail {
  path: string;
  message: string;
  line?: number;
  column?: number;
  [key: string]: unknown;
}

/** An error that crosses the wire as `{"error":{"code","message","details"}}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[] | Record<string, unknown>,
    /** Extra response headers (Retry-After, WWW-Authenticate). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}
