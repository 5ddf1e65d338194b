import type * as oauth from 'oauth4webapi';
import type { SessionFetch } from '../session/open-session';
import { OAuthFlowError, findSsrfRefusal, type OAuthFlowErrorCode } from './oauth-errors';

/** Default time limit of one request of the flow (the safe fetch has its own, longer, total limit too). */
export const OAUTH_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends one request of an OAuth flow through `fetch` (the SSRF-safe fetch), turning failures into
 * {@link OAuthFlowError}: a refusal by the address rules into `ssrf_refused` naming `what` (the document or endpoint
 * and who named it) and the refused address, anything else (network, timeout) into `code`, marked `unanswered`. GET requests of
 * documents follow redirects (the safe fetch re-checks every hop); others are sent as the caller asks.
 */
export async function oauthRequest(
  fetch: SessionFetch,
  url: string,
  init: RequestInit,
  what: string,
  code: OAuthFlowErrorCode,
  timeoutMs = OAUTH_REQUEST_TIMEOUT_MS,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const refusal = findSsrfRefusal(error);
    if (refusal !== undefined)
      throw new OAuthFlowError('ssrf_refused', `${what}: ${refusal.message}`, { cause: error });
    const reason = error instanceof Error ? error.message : String(error);
    throw new OAuthFlowError(code, `${what}: ${reason}`, { cause: error, unanswered: true });
  }
}

/**
 * oauth4webapi's `customFetch` over {@link oauthRequest}: every request the library makes (token, refresh,
 * registration) goes through our fetch and its address rules, with `what` naming the endpoint in errors. The library
 * asks for `redirect: 'manual'` (an OAuth endpoint must not redirect a POST carrying credentials) and gets it.
 */
export function customFetchOf<Method extends string, Body extends RequestInit['body']>(
  fetch: SessionFetch,
  what: (url: string) => string,
  code: OAuthFlowErrorCode,
  timeoutMs?: number,
): (url: string, options: oauth.CustomFetchOptions<Method, Body>) => Promise<Response> {
  return (url, options) =>
    oauthRequest(
      fetch,
      url,
      {
        method: options.method,
        headers: options.headers,
        ...(options.body === undefined ? {} : { body: options.body }),
        redirect: options.redirect,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
      what(url),
      code,
      timeoutMs,
    );
}
