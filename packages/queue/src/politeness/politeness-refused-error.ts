/** Which per-host limit kept a request waiting. */
export type PolitenessLimit = 'in_flight' | 'rate';

const LIMIT_WORDS: Record<PolitenessLimit, string> = {
  in_flight: 'in-flight requests per host (in_flight)',
  rate: 'requests per second per host (rate)',
};

/**
 * A request to a target host was not sent because a politeness limit stayed full for longer than the caller may wait.
 * Nothing reached the host. The message names the host, the limit and the wait, so a run result can show it as is.
 */
export class PolitenessRefusedError extends Error {
  readonly code = 'POLITENESS_REFUSED' as const;
  /** The host key (lowercased hostname, IPv6 without brackets), not the full URL: URLs may carry secrets. */
  readonly host: string;
  readonly limit: PolitenessLimit;
  /** Milliseconds the request waited in total (both limits) before it was refused. */
  readonly waitedMs: number;

  constructor(options: { host: string; limit: PolitenessLimit; waitedMs: number; detail: string }) {
    super(
      `politeness: request to host ${options.host} refused after waiting ${options.waitedMs} ms: ` +
        `limit on ${LIMIT_WORDS[options.limit]} reached (${options.detail})`,
    );
    this.name = 'PolitenessRefusedError';
    this.host = options.host;
    this.limit = options.limit;
    this.waitedMs = options.waitedMs;
  }
}
