/**
 * Where the protected-resource metadata of `resourceUri` may be, in the order the MCP spec (authorization,
 * "Protected Resource Metadata Discovery Requirements") tells a client to try when the 401 names none: the well-known
 * URI with the resource's path inserted (RFC 9728 §3.1), then the one at the root. One URL when the path is `/`.
 */
export function protectedResourceMetadataUrls(resourceUri: string): string[] {
  const url = new URL(resourceUri);
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  const path = url.pathname.replace(/\/$/, '');
  return path === '' ? [root] : [`${root}${path}`, root];
}

/** Which document format a metadata URL answers in: RFC 8414 (`oauth2`) or OpenID Connect Discovery (`oidc`). */
export interface AuthorizationServerMetadataUrl {
  readonly url: string;
  readonly format: 'oauth2' | 'oidc';
}

/**
 * Where the metadata of the authorization server `issuer` may be, in the MCP spec's order ("Authorization Server
 * Metadata Discovery"): with a path, RFC 8414 with the path inserted, OpenID Discovery with the path inserted, then
 * OpenID Discovery with the path appended; without one, RFC 8414 then OpenID Discovery at the root. The issuer's
 * query and fragment are no part of any of them (RFC 8414 §3: an issuer has neither).
 */
export function authorizationServerMetadataUrls(issuer: string): AuthorizationServerMetadataUrl[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  if (path === '') {
    return [
      { url: `${url.origin}/.well-known/oauth-authorization-server`, format: 'oauth2' },
      { url: `${url.origin}/.well-known/openid-configuration`, format: 'oidc' },
    ];
  }
  return [
    { url: `${url.origin}/.well-known/oauth-authorization-server${path}`, format: 'oauth2' },
    { url: `${url.origin}/.well-known/openid-configuration${path}`, format: 'oidc' },
    { url: `${url.origin}${path}/.well-known/openid-configuration`, format: 'oidc' },
  ];
}
