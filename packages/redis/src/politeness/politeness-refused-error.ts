/** Which per-host limit kept a request waiting. */
export type PolitenessLimit = 'in_flight' | 'rate';

const LIMIT_WORDS: Record<PolitenessLimit, string> = {
  in_flight: 'in-flight requests per host (in_flight)',
  rate: 'requests per second per host (rate)',
};

/**
 * A request to a target host was not sent because a politeness limit stayed full for longer than the caller may wait.
 * Nothing reached the host. The message names the host as the request named it, the limit and the wait, so a run
 * result can show it as is; the address the limit is keyed on (which may be a private address a tenant's name
 * resolves to) is kept for the operator's log and left out of the message.
 */
export class PolitenessRefusedError extends Error {
  readonly code = 'POLITENESS_REFUSED' as const;
  /** The host name (lowercased, IPv6 without brackets), not the full URL: URLs may carry secrets. */
  readonly host: string;
  /** For the operator only (not enumerable, so serialising the error leaves it out): the address the limit counts. */
  declare readonly address: string;
  readonly limit: PolitenessLimit;
  /** Milliseconds the request waited in total (both limits) before it was refused. */
  readonly waitedMs: number;

  constructor(options: { host: string; address: string; limit: PolitenessLimit; waitedMs: number; detail: string }) {
    super(
      `politeness: request to host ${options.host} refused after waiting ${options.waitedMs} ms: ` +
        `limit on ${LIMIT_WORDS[options.limit]} reached (${options.detail})`,
    );
    this.name = 'PolitenessRefusedError';
    this.host = options.host;
    Object.defineProperty(this, 'address', { value: options.address, enumerable: false });
    this.limit = options.limit;
    this.waitedMs = options.waitedMs;
  }
}
