import { OAuthFlowError, SsrfRefusedError } from '@mcptest/mcp';
import { ApiError } from '@/server/api/api-error';

/**
 * An OAuth flow failure as the API and the server page report it: a refusal by the address rules is `url_refused`
 * (as a server URL's is), an authorization server that could not be reached `unavailable`, anything else (issuer or
 * resource mismatch, invalid metadata, registration or token refused, consent denied) `bad_request`. The message is
 * the flow error's, which names documents, endpoints and values but never a token or a secret; `details.reason` is
 * its code. Anything that is not a flow error passes through.
 */
export function toOAuthApiError(error: unknown): unknown {
  if (error instanceof SsrfRefusedError) {
    return new ApiError('url_refused', `OAuth connect refused: ${error.message}`, { reason: 'ssrf_refused' });
  }
  if (!(error instanceof OAuthFlowError)) return error;
  const denied = error.oauthError === 'access_denied';
  const message = denied
    ? 'the authorization was denied on the authorization server’s consent page: press Connect again to retry'
    : `OAuth connect failed: ${error.message}`;
  const code =
    error.code === 'ssrf_refused' ? 'url_refused' : error.code === 'discovery_failed' ? 'unavailable' : 'bad_request';
  return new ApiError(code, message, {
    reason: error.code,
    ...(error.oauthError === undefined ? {} : { oauthError: error.oauthError }),
  });
}
