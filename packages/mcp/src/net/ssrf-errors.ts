/**
 * Why an outbound request was refused. Each rule is a distinct user-facing reason:
 * - `scheme`: the URL is not http: or https:.
 * - `invalid_url`: the URL does not parse, or carries credentials (`user:pass@`), which belong in headers.
 * - `invalid_address`: the text given as an address is not an IP address.
 * - `private_address`: not public unicast (private, loopback, CGNAT, unique local, reserved, ...) and not covered by
 *   the private-network allowlist.
 * - `link_local`: 169.254.0.0/16 or fe80::/10; never allowed, whatever the allowlist says.
 * - `metadata`: a cloud metadata or platform address (169.254.169.254, fd00:ec2::/32, 100.100.100.200, ...); never
 *   allowed.
 * - `unroutable`: unspecified (0.0.0.0/8, ::), broadcast or multicast; never allowed (0.0.0.0 reaches the local host
 *   on Linux).
 * - `dns_failed`: the host name did not resolve.
 * - `too_many_redirects`: more redirects than the limit.
 * - `response_too_large`: the response body (or one server-sent event) exceeded its cap.
 */
export type SsrfRule =
  | 'scheme'
  | 'invalid_url'
  | 'invalid_address'
  | 'private_address'
  | 'link_local'
  | 'metadata'
  | 'unroutable'
  | 'dns_failed'
  | 'too_many_redirects'
  | 'response_too_large';

/**
 * An outbound request mcptest refused to make (or to keep reading), naming the rule and, in the message, the host,
 * e.g. "refused: 10.0.0.1 is a private address (MCPTEST_ALLOW_PRIVATE_NETWORKS does not include it)" for an address
 * the user wrote, or "refused: internal.example.com resolves to a private address (...)" for a name. The message is
 * shown to tenants (result details, API errors, the UI), so it never names an address a name resolved to: that is
 * the operator's to know (`address`, for logs), not the tenant's (it would map the operator's private network).
 * Callers map it to a 400 at registration or a failed connection at run time.
 */
export class SsrfRefusedError extends Error {
  /** Stable code for API error mapping. */
  readonly code = 'ssrf_refused' as const;
  override readonly name = 'SsrfRefusedError';
  /**
   * For the operator's log only: the resolved address and why it was refused. Never shown to a tenant, and not
   * enumerable, so serialising the error (an API payload, a stored detail) does not carry it along.
   */
  declare readonly address: string | undefined;

  constructor(
    readonly rule: SsrfRule,
    message: string,
    options: { address?: string } = {},
  ) {
    super(`refused: ${message}`);
    Object.defineProperty(this, 'address', { value: options.address, enumerable: false });
  }
}

/**
 * The safe fetch's own time limit expired: `connect` (DNS + TCP + TLS) or `total` (the whole exchange, redirects and
 * body included, or up to the headers for an event stream). A caller's own abort is rethrown as its reason instead.
 */
export class OutboundTimeoutError extends Error {
  /** Stable code for API error mapping. */
  readonly code = 'outbound_timeout' as const;
  override readonly name = 'TimeoutError';

  constructor(
    readonly phase: 'connect' | 'total',
    readonly timeoutMs: number,
    host: string,
  ) {
    super(`${phase === 'connect' ? 'connecting to' : 'request to'} ${host} timed out after ${timeoutMs} ms`);
  }
}
