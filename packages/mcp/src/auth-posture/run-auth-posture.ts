import {
  canonicalResourceUri,
  evaluateAuthPosture,
  isRecord,
  protectedResourceMetadataUrls,
  sessionOpenProbe,
  type AuthPostureObservations,
  type AuthPostureReport,
  type AuthProbe,
  type ConformanceRevision,
  type HttpExchange,
  type PostureTokenKind,
  type ResourceMetadataObservation,
} from '@mcptest/core';
import { sendProbe } from '../conformance/send-probe';
import { discoverOAuth } from '../oauth/discover-oauth';
import { oauthRequest } from '../oauth/oauth-request';
import type { OAuthDiscovery } from '../oauth/oauth-types';
import { parseBearerChallenge } from '../oauth/parse-www-authenticate';
import type { SessionFetch } from '../session';
import { craftTokens } from './craft-tokens';
import { signingKeyHint } from './signing-key-hint';
import { obtainPostureTokens, type PostureCredentials, type PostureTokens } from './obtain-posture-tokens';

export type { AuthPostureReport };

export interface RunAuthPostureOptions {
  /** The MCP endpoint; its canonical URI is the resource the metadata must name and the crafted tokens claim. */
  readonly url: string;
  /** Whose first request carries the tokens: `server/discover` (2026-07-28, default) or `initialize` (2025-11-25). */
  readonly revision?: ConformanceRevision;
  /** The user's other headers; an Authorization among them is dropped (each probe says its own). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The SSRF-safe fetch (createSafeFetch; in a run, the run's, with its request allowance and politeness gate): every
   * request of the check goes through it, the metadata document and the authorization server's endpoints included.
   */
  readonly fetch: SessionFetch;
  /** Client credentials to obtain real tokens with; without them the other-resource finding is SKIPPED. */
  readonly credentials?: PostureCredentials;
  readonly timeoutMs?: number;
  /** Aborting stops the check: what was not sent yet is SKIPPED ("run cancelled"). */
  readonly signal?: AbortSignal;
  /** Runs each request to the server under the caller's in-flight limit and pacing (the executor's CallGate.send). */
  readonly send?: <T>(request: () => Promise<T>) => Promise<T>;
}

const CANCELLED = 'run cancelled';

function withoutAuthorization(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'));
}

/** A raw exchange as the findings read it: the status, the challenge parsed by the OAuth client's parser. */
async function toAuthProbe(exchange: HttpExchange, secret: string | undefined): Promise<AuthProbe> {
  if (exchange.kind === 'not_run') return exchange;
  if (exchange.kind === 'failed') {
    // A real token (the client-credentials one) must not reach a report through an error that quotes the URL.
    return {
      kind: 'failed',
      message: secret === undefined ? exchange.message : exchange.message.replaceAll(secret, '[token]'),
    };
  }
  const bearer =
    exchange.wwwAuthenticate === undefined ? undefined : await parseBearerChallenge(exchange.wwwAuthenticate);
  const error = isRecord(exchange.body) ? exchange.body['error'] : undefined;
  const code = isRecord(error) && typeof error['code'] === 'number' ? error['code'] : undefined;
  return {
    kind: 'http',
    status: exchange.status,
    ...(exchange.wwwAuthenticate === undefined ? {} : { wwwAuthenticate: exchange.wwwAuthenticate }),
    ...(bearer === undefined ? {} : { bearer }),
    ...(code === undefined ? {} : { rpcErrorCode: code }),
  };
}

/**
 * The RFC 9728 document: at the challenge's `resource_metadata`, else at the well-known URIs in the MCP spec's order
 * (a 404 moves on). Fetched raw through the safe fetch (a document that points inward is refused and the refusal
 * names it), so the findings judge what is served rather than what a client would accept.
 */
async function fetchMetadata(
  options: RunAuthPostureOptions,
  noToken: AuthProbe,
  resource: string,
): Promise<ResourceMetadataObservation> {
  if (noToken.kind !== 'http') return { kind: 'not_run', reason: 'the server gave no answer to read a challenge from' };
  if (options.signal?.aborted === true) return { kind: 'not_run', reason: CANCELLED };
  const named = noToken.bearer?.resourceMetadata;
  const candidates: { url: string; source: 'challenge' | 'well-known' }[] =
    named !== undefined && URL.canParse(named)
      ? [{ url: named, source: 'challenge' }]
      : protectedResourceMetadataUrls(resource).map((url) => ({ url, source: 'well-known' as const }));
  let last: ResourceMetadataObservation = { kind: 'not_run', reason: 'no metadata URL' };
  for (const { url, source } of candidates) {
    let response: Response;
    try {
      response = await oauthRequest(
        options.fetch,
        url,
        { method: 'GET', headers: { accept: 'application/json' } },
        `the protected-resource metadata of ${resource} at ${url}`,
        'discovery_failed',
        options.timeoutMs,
      );
    } catch (error) {
      return { kind: 'failed', url, message: error instanceof Error ? error.message : String(error) };
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
    last = { kind: 'fetched', url, source, status: response.status, body };
    if (response.status !== 404) break;
  }
  return last;
}

/**
 * The auth-posture check: what an attacker finds at the server's gate (docs/oauth.md, "Auth-posture check"). Sends the
 * session's first request (`server/discover` or `initialize`: no session needed, no tool called) without a token, with
 * each crafted token (garbage, expired, `alg: none`, signed by an unknown key), with a real token for another resource
 * when credentials are given, and with a token in the query string; fetches the protected-resource metadata; and
 * judges it all with core's catalog. Never throws for the server's sake.
 */
export async function runAuthPosture(options: RunAuthPostureOptions): Promise<AuthPostureReport> {
  const started = Date.now();
  const revision = options.revision ?? '2026-07-28';
  const send = options.send ?? ((request) => request());
  const headers = withoutAuthorization(options.headers);
  const probe = sessionOpenProbe(revision);
  const methodsSent: string[] = [];
  const report = (observations: Omit<AuthPostureObservations, 'serverUrl'>): AuthPostureReport => ({
    ...evaluateAuthPosture({ serverUrl: options.url, ...observations }),
    url: options.url,
    methodsSent,
    durationMs: Date.now() - started,
  });
  /** Every case with one answer: the check could not, or need not, send more. */
  const all = (answer: AuthProbe, metadata: ResourceMetadataObservation) =>
    report({
      noToken: answer,
      metadata,
      tokens: { garbage: answer, expired: answer, alg_none: answer, unknown_key: answer, other_resource: answer },
      queryToken: answer,
    });

  const resource = canonicalResourceUri(options.url);
  if (resource === undefined) {
    const failed = { kind: 'failed', message: `${options.url} is not an http(s) URL` } as const;
    return all(failed, failed);
  }

  const exchange = async (token?: { value: string; in: 'header' | 'query'; secret?: boolean }): Promise<AuthProbe> => {
    if (options.signal?.aborted === true) return { kind: 'not_run', reason: CANCELLED };
    methodsSent.push(probe.method);
    let target = options.url;
    const probeHeaders = { ...headers };
    if (token?.in === 'header') probeHeaders['Authorization'] = `Bearer ${token.value}`;
    if (token?.in === 'query') {
      const withToken = new URL(options.url);
      withToken.searchParams.set('access_token', token.value);
      target = withToken.href;
    }
    const answer = await send(() => sendProbe(options.fetch, target, probeHeaders, probe, options.timeoutMs));
    return toAuthProbe(answer, token?.secret === true ? token.value : undefined);
  };

  const noToken = await exchange();
  // A server that does not answer at all is not asked six more times (each could wait the whole timeout): every
  // finding fails with its reason.
  if (noToken.kind === 'failed') {
    return all(noToken, { kind: 'not_run', reason: 'the server gave no answer to read a challenge from' });
  }
  const metadata = await fetchMetadata(options, noToken, resource);
  const document = metadata.kind === 'fetched' && isRecord(metadata.body) ? metadata.body : {};
  const servers = document['authorization_servers'];
  const issuer = Array.isArray(servers) && typeof servers[0] === 'string' ? servers[0] : new URL(resource).origin;
  const scopes = document['scopes_supported'];
  const scope = Array.isArray(scopes) && scopes.every((s) => typeof s === 'string') ? scopes.join(' ') : undefined;
  // The OAuth client's discovery, once: the authorization server's JWKS (for a real kid) and token endpoint (for
  // the credentials). It refuses metadata that names another resource, as clients must; then neither is used.
  let discovery: OAuthDiscovery | undefined;
  let discoveryError: string | undefined;
  if (options.signal?.aborted !== true && noToken.kind === 'http') {
    try {
      discovery = await discoverOAuth({
        serverUrl: options.url,
        fetch: options.fetch,
        wwwAuthenticate: noToken.wwwAuthenticate,
        timeoutMs: options.timeoutMs,
      });
    } catch (error) {
      discoveryError = error instanceof Error ? error.message : String(error);
    }
  }
  const key = discovery === undefined ? undefined : await signingKeyHint(discovery, options.fetch, options.timeoutMs);
  const crafted = await craftTokens({
    audience: resource,
    issuer,
    ...(scope === undefined ? {} : { scope }),
    ...(key === undefined ? {} : { key }),
  });

  let obtained: PostureTokens;
  if (options.credentials === undefined) {
    obtained = {
      other: {
        ok: false,
        reason:
          'no client credentials were given (other_resource_token_from in a suite, --client-id with the CLI), so no token for another resource could be obtained',
      },
    };
  } else if (options.signal?.aborted === true) {
    obtained = { other: { ok: false, reason: CANCELLED } };
  } else if (discovery === undefined) {
    const reason = `no token could be obtained: ${discoveryError ?? 'the server gave no answer'}`;
    obtained = { other: { ok: false, reason }, own: { ok: false, reason } };
  } else {
    obtained = await obtainPostureTokens({
      discovery,
      fetch: options.fetch,
      credentials: options.credentials,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
  }

  const tokens: Record<PostureTokenKind, AuthProbe> = {
    garbage: await exchange({ value: crafted.garbage, in: 'header' }),
    expired: await exchange({ value: crafted.expired, in: 'header' }),
    alg_none: await exchange({ value: crafted.alg_none, in: 'header' }),
    unknown_key: await exchange({ value: crafted.unknown_key, in: 'header' }),
    other_resource: obtained.other.ok
      ? await exchange({ value: obtained.other.token, in: 'header', secret: true })
      : { kind: 'not_run', reason: obtained.other.reason },
  };
  // The query-string case is conclusive only with a token the server would accept in a header.
  const own = obtained.own?.ok === true ? obtained.own.token : undefined;
  const queryToken: AuthPostureObservations['queryToken'] = {
    ...(await exchange({ value: own ?? crafted.garbage, in: 'query', ...(own === undefined ? {} : { secret: true }) })),
    token: own === undefined ? 'garbage' : 'valid',
  };
  return report({ noToken, metadata, tokens, queryToken });
}
