import { SsrfRefusedError } from '../net/ssrf-errors';

/**
 * What went wrong in an OAuth flow, one code per user-facing reason:
 * - `discovery_failed`: no protected-resource or authorization-server metadata could be fetched (none at any of the
 *   spec's URLs, an HTTP error, a network failure).
 * - `metadata_invalid`: a metadata document is malformed, names no authorization server or token endpoint, names an
 *   endpoint that is not https (http on loopback aside), or lacks what the flow needs (PKCE S256).
 * - `issuer_mismatch`: the authorization server metadata names another issuer than the one it was discovered from
 *   (RFC 8414 §3.3).
 * - `resource_mismatch`: the protected-resource metadata names another resource than the server (RFC 9728 §3.3).
 * - `registration_failed`: no way to register a client, or the registration endpoint refused.
 * - `token_failed`: the token endpoint refused the code or the client credentials, or the callback carried an error
 *   or a wrong `state`.
 * - `refresh_failed`: the refresh grant was refused (or there is no refresh token): the user must reconnect.
 * - `insufficient_scope`: the server answered 403 `insufficient_scope` (step-up); `scope` is what it asked for.
 * - `ssrf_refused`: a request of the flow was refused by the address rules; the message names the document that
 *   pointed there and the address (as the safe fetch words it: never an address a name resolved to).
 */
export type OAuthFlowErrorCode =
  | 'discovery_failed'
  | 'metadata_invalid'
  | 'issuer_mismatch'
  | 'resource_mismatch'
  | 'registration_failed'
  | 'token_failed'
  | 'refresh_failed'
  | 'insufficient_scope'
  | 'ssrf_refused';

/** An OAuth flow failed; the message names what (document, endpoint, value) and is fit to show the tenant. */
export class OAuthFlowError extends Error {
  override readonly name = 'OAuthFlowError';
  /** For `insufficient_scope`: the scope the server's challenge asked for, when it named one. */
  readonly scope?: string;
  /** The OAuth `error` code an endpoint answered (RFC 6749 §5.2), when there was one. */
  readonly oauthError?: string;
  /**
   * The endpoint was never heard from (network failure, timeout, a gate in the fetch refused the request): nothing was
   * refused, so a holder of tokens keeps them and tries again later rather than giving the connection up.
   */
  readonly unanswered?: true;

  constructor(
    readonly code: OAuthFlowErrorCode,
    message: string,
    options: {
      cause?: unknown;
      /** For `insufficient_scope`: the scope the server's challenge asked for, when it named one. */
      scope?: string | undefined;
      /** The OAuth `error` code an endpoint answered (RFC 6749 §5.2), when there was one. */
      oauthError?: string | undefined;
      unanswered?: true | undefined;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    if (options.scope !== undefined) this.scope = options.scope;
    if (options.oauthError !== undefined) this.oauthError = options.oauthError;
    if (options.unanswered) this.unanswered = true;
  }
}

/** The safe fetch's refusal under `error` (wrappers may have put it under a cause), if that is what failed. */
export function findSsrfRefusal(error: unknown): SsrfRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current instanceof SsrfRefusedError) return current;
    current = current.cause;
  }
  return undefined;
}
