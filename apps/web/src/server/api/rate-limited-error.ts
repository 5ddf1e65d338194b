import type { RateLimitDecision } from '@mcptest/redis';
import { ApiError } from './api-error';

/**
 * The 429 of a refused rate-limit decision, with Retry-After: the API's answer, and the UI's form error for actions
 * that reach out (the same limits; a signed-in user counts as a token of their own). `who` names the caller's kind.
 */
export function rateLimitedError(
  limited: Extract<RateLimitDecision, { ok: false }>,
  who: 'token' | 'user' = 'token',
): ApiError {
  const per = limited.scope === 'token' ? who : 'tenant';
  return new ApiError(
    'rate_limited',
    `rate limit of ${limited.limit} ${limited.scope === 'trigger' ? 'triggers' : 'requests'} per minute per ${per} reached; retry in ${limited.retryAfterSeconds} s`,
    { scope: limited.scope, limit: limited.limit, retryAfterSeconds: limited.retryAfterSeconds },
    { 'retry-after': String(limited.retryAfterSeconds) },
  );
}
