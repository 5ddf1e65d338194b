import type { WorkerDeps } from '../worker-deps';

/** How this worker delivers outbound webhooks (from the WEBHOOK_* variables; tests pass small values). */
export interface WebhookSettings {
  /**
   * The SSRF-safe fetch for receivers. Deliveries ask it for `redirect: 'manual'`, so a 3xx comes back as it is and is
   * recorded as a failure naming its Location instead of being followed.
   */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Public base URL of the web app without a trailing slash: `data.run.url` is `<appUrl>/runs/<id>`. */
  appUrl: string;
  /** One attempt, from connecting to the end of the (capped) response read. */
  timeoutMs: number;
  /** Exponential backoff with full jitter: attempt n waits a random time in [0, min(cap, base * 2^(n-1))). */
  retryBaseMs: number;
  retryCapMs: number;
  /** Attempts per delivery, the first one included; then it is FAILED. */
  maxAttempts: number;
  /** A webhook whose consecutive failed attempts reach this is disabled. */
  disableAfterFailures: number;
  /** [0, 1) source for the jitter; Math.random unless a test fixes it. */
  random?: () => number;
}

/** What the webhook code uses from the worker's dependencies (so tests can build just this). */
export type WebhookDeps = Pick<WorkerDeps, 'db' | 'queues' | 'logger' | 'secretBox' | 'now' | 'webhooks'>;
