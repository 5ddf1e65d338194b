/**
 * The seam between the SSRF-safe fetch (packages/mcp/src/net) and what limits outbound requests: the call budget's
 * request allowance (packages/mcp executor, packages/redis budget) and per-host politeness (packages/redis). The
 * fetch calls its gates before every HTTP request it sends, each redirect hop included, after resolving and checking
 * the host, so nothing that reaches a user's server passes uncounted.
 */

/** One HTTP request about to be sent. */
export interface OutboundRequest {
  /** The URL's host name as written (lowercased, IPv6 without brackets): what messages to tenants may name. */
  readonly host: string;
  /**
   * The checked address the connection goes to: the literal host, or the first address the name resolved to (the
   * one connected to first). Limits are keyed on it, so several names of one machine share one quota. Operators may
   * see it; tenants must not (it may be a private address their name resolves to).
   */
  readonly address: string;
  /** Upper-case method. */
  readonly method: string;
  /** The request's Accept header, if any (a GET for text/event-stream is a long-lived stream). */
  readonly accept: string | null;
}

/**
 * Admits one request: resolves (perhaps after waiting) with a release function that the fetch calls exactly once
 * when the request is over (its body read, failed or cancelled, or the fetch rejected), or rejects to refuse it
 * (nothing is sent, the fetch rejects with that error). `signal` aborts a wait.
 */
export type OutboundGate = (request: OutboundRequest, signal: AbortSignal | undefined) => Promise<() => void>;
