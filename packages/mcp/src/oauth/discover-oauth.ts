import {
  authorizationServerMetadataUrls,
  canonicalResourceUri,
  parseAuthorizationServerMetadata,
  parseProtectedResourceMetadata,
  protectedResourceMetadataUrls,
} from '@mcptest/core';
import { checkOutboundUrl } from '../net/check-url';
import type { SessionFetch } from '../session/open-session';
import { OAuthFlowError } from './oauth-errors';
import { oauthRequest } from './oauth-request';
import type { OAuthDiscovery } from './oauth-types';
import { parseBearerChallenge } from './parse-www-authenticate';

export interface DiscoverOAuthOptions {
  /** The MCP server's URL; its canonical form is the resource. */
  readonly serverUrl: string;
  /** The SSRF-safe fetch (with the same address rules as the server's own requests): every document comes through it. */
  readonly fetch: SessionFetch;
  /** The `WWW-Authenticate` header of the server's 401, when there was one: its `resource_metadata` and `scope`. */
  readonly wwwAuthenticate?: string | undefined;
  /** Per request. Default 10 s. */
  readonly timeoutMs?: number | undefined;
  /**
   * The private networks the fetch admits (`MCPTEST_ALLOW_PRIVATE_NETWORKS`). When given, the endpoints the
   * authorization server metadata names are checked now, so a document pointing inward is refused at Connect rather
   * than at the first token request (the fetch refuses them then in any case; names are only judged then, after DNS).
   */
  readonly allowPrivateNetworks?: readonly string[] | undefined;
}

/** The endpoints the flow later sends a user or credentials to. */
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const;

/** Reads a JSON body, or fails as `metadata_invalid` naming the document. */
async function readJson(response: Response, what: string): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    throw new OAuthFlowError('metadata_invalid', `${what} is not JSON`, { cause: error });
  }
}

/**
 * Fetches the first of `urls` that exists (a 404 moves on to the next, as the MCP spec's discovery orders ask) and
 * answers its JSON body and URL; `describe(url)` names the request in errors.
 */
async function firstDocument(
  fetch: SessionFetch,
  urls: readonly string[],
  describe: (url: string) => string,
  timeoutMs: number | undefined,
): Promise<{ url: string; body: unknown }> {
  const missing: string[] = [];
  for (const url of urls) {
    const what = describe(url);
    const response = await oauthRequest(
      fetch,
      url,
      { method: 'GET', headers: { accept: 'application/json' } },
      what,
      'discovery_failed',
      timeoutMs,
    );
    if (response.status === 404) {
      await response.body?.cancel();
      missing.push(url);
      continue;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new OAuthFlowError('discovery_failed', `${what}: HTTP ${response.status}`);
    }
    return { url, body: await readJson(response, what) };
  }
  throw new OAuthFlowError('discovery_failed', `${describe(missing.join(', '))}: not found (404)`);
}

/**
 * Discovers how to authorize with an MCP server (MCP authorization spec, "Authorization Server Discovery"): the
 * protected-resource metadata (RFC 9728) from the 401's `resource_metadata`, else from the well-known URIs (path
 * inserted, then root); its `resource` must be the server's canonical URI. Then the first authorization server it
 * names: its metadata from RFC 8414 and OpenID discovery URLs in the spec's order, whose `issuer` must be the one it
 * was discovered from. Every request goes through `fetch`, so the address rules apply to each document and each
 * redirect; a refusal names the document that pointed there.
 */
export async function discoverOAuth(options: DiscoverOAuthOptions): Promise<OAuthDiscovery> {
  const resource = canonicalResourceUri(options.serverUrl);
  if (resource === undefined)
    throw new OAuthFlowError('discovery_failed', `${options.serverUrl} is not an http(s) URL`);

  const challenge =
    options.wwwAuthenticate === undefined ? undefined : await parseBearerChallenge(options.wwwAuthenticate);
  let metadataUrls: string[];
  if (challenge?.resourceMetadata === undefined) {
    metadataUrls = protectedResourceMetadataUrls(resource);
  } else {
    try {
      metadataUrls = [new URL(challenge.resourceMetadata).href];
    } catch {
      throw new OAuthFlowError(
        'metadata_invalid',
        `the WWW-Authenticate header of ${resource} names resource_metadata ${JSON.stringify(challenge.resourceMetadata)}, which is not a URL`,
      );
    }
  }

  const prm = await firstDocument(
    options.fetch,
    metadataUrls,
    (url) => `the protected-resource metadata of ${resource} at ${url}`,
    options.timeoutMs,
  );
  const resourceMetadata = parseProtectedResourceMetadata(prm.body, prm.url, resource);
  if (!resourceMetadata.ok) throw new OAuthFlowError(resourceMetadata.code, resourceMetadata.message);

  // The MCP spec leaves the choice among several authorization servers to the client; the first is the one the
  // server lists first, which is what other clients (the SDKs) pick too.
  const issuer = resourceMetadata.metadata.authorization_servers[0]!;
  const as = await firstDocument(
    options.fetch,
    authorizationServerMetadataUrls(issuer).map((candidate) => candidate.url),
    (url) =>
      `the protected-resource metadata at ${prm.url} names the authorization server ${issuer}, whose metadata at ${url}`,
    options.timeoutMs,
  );
  const asMetadata = parseAuthorizationServerMetadata(as.body, as.url, issuer);
  if (!asMetadata.ok) throw new OAuthFlowError(asMetadata.code, asMetadata.message);

  if (options.allowPrivateNetworks !== undefined) {
    for (const name of ENDPOINTS) {
      const value = asMetadata.metadata[name];
      if (value === undefined) continue;
      const check = checkOutboundUrl(new URL(value), options.allowPrivateNetworks);
      if (!check.ok)
        throw new OAuthFlowError(
          'ssrf_refused',
          `the authorization server metadata at ${as.url} names the ${name} ${value}: refused: ${check.message}`,
        );
    }
  }

  const scopesSupported = resourceMetadata.metadata.scopes_supported;
  return {
    resource,
    resourceMetadataUrl: prm.url,
    resourceMetadata: resourceMetadata.metadata,
    issuer,
    authorizationServer: asMetadata.metadata,
    authorizationServerMetadataUrl: as.url,
    ...(scopesSupported === undefined ? {} : { scopesSupported: [...scopesSupported] }),
    ...(challenge?.scope === undefined ? {} : { challengeScope: challenge.scope }),
  };
}
