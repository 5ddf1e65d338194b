/** Inputs of {@link computeRetryDelay}. Times in milliseconds. */
export interface RetryDelayInput {
  /** The attempt that just failed (1 for the first). */
  attempt: number;
  baseMs: number;
  capMs: number;
  /** What the receiver's Retry-After asked for, if anything. */
  retryAfterMs?: number;
  /** [0, 1); Math.random in production. */
  random: () => number;
}

/**
 * Delay before the next attempt: exponential backoff with full jitter (a uniform random time in
 * [0, min(cap, base * 2^(attempt-1))), so receivers that came back up are not hit by every sender at once), unless the
 * receiver's Retry-After asks for longer, which is honoured up to the cap.
 */
export function computeRetryDelay(input: RetryDelayInput): number {
  const exponent = Math.min(Math.max(input.attempt - 1, 0), 30);
  const ceiling = Math.min(input.capMs, input.baseMs * 2 ** exponent);
  const jittered = Math.floor(input.random() * ceiling);
  if (input.retryAfterMs === undefined) return jittered;
  return Math.max(jittered, Math.min(input.retryAfterMs, input.capMs));
}

/**
 * Parses a Retry-After header (RFC 9110: delay-seconds or an HTTP-date) into milliseconds from `now`. Returns
 * undefined for a missing or unparseable value; a date in the past is 0.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only HTTP-dates: Date.parse would also accept things like "5" or "tomorrow" on some engines.
  if (!/^[A-Za-z]{3},? /.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}
