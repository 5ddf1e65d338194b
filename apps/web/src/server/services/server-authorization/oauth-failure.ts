import { OAuthFlowError, SsrfRefusedError } from '@mcptest/mcp';
import { ApiError } from '@/server/api/api-error';

/**
 * An OAuth flow failure as the API and the server page report it: a refusal by the address rules is `url_refused`
 * (as a server URL's is), anything else (no OAuth metadata, issuer or resource mismatch, invalid metadata,
 * registration or token refused, consent denied, an authorization server that did not answer) `bad_request`. The
 * message is the flow error's, which names documents, endpoints and values but never a token or a secret;
 * `details.reason` is its code. Anything that is not a flow error passes through.
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
  // 400 rather than 503 even when the authorization server did not answer: the form shows it as the flow's error.
  const code = error.code === 'ssrf_refused' ? 'url_refused' : 'bad_request';
  return new ApiError(code, message, {
    reason: error.code,
    ...(error.oauthError === undefined ? {} : { oauthError: error.oauthError }),
  });
}
