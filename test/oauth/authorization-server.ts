// A real OAuth 2.1 authorization server for tests: oidc-provider (the certified OpenID Provider for Node), in this
// process, on a loopback port. It is what an MCP server's authorization server looks like to mcptest (issue 18):
// authorization code with PKCE S256 required, refresh tokens, resource indicators (RFC 8707: every access token is a
// JWT, RFC 9068, whose `aud` is the one resource it was asked for), the client-credentials grant, open dynamic client
// registration (RFC 7591), Client ID Metadata Documents (oidc-provider's draft-02 support), an optional static
// confidential client, and a test user whose login and consent are our own small HTML forms: a browser clicks
// through them, and `authorize()` walks the same forms over HTTP.
//
// Alongside the real tokens it mints the bad ones a resource server must refuse (expired, `alg: none`, signed by a
// key the AS does not publish, garbage), for the auth-posture check's tests.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface StaticClientOptions {
  /** Default "mcptest-static". */
  readonly clientId?: string;
  /** Default: 32 random bytes, base64url. */
  readonly clientSecret?: string;
  /** Where the authorization code may be sent; empty: the client may use only the client-credentials grant. */
  readonly redirectUris?: readonly string[];
}

export interface AuthorizationServerOptions {
  /** 0 (the default): the OS picks a free port. */
  readonly port?: number;
  /** The issuer's host name: "localhost" (default) or "127.0.0.1". Both are loopback; the issuer is plain http. */
  readonly host?: 'localhost' | '127.0.0.1';
  /** Lifetime of access tokens in seconds (client credentials and authorization code alike). Default 3600. */
  readonly accessTokenTtlSeconds?: number;
  /** Lifetime of refresh tokens in seconds. Default 14 days. */
  readonly refreshTokenTtlSeconds?: number;
  /** The scopes every resource server has; a token carries those it was asked for. Default mcp:tools, mcp:admin. */
  readonly scopes?: readonly string[];
  /** A pre-registered confidential client (client_secret_basic). Absent: none. */
  readonly staticClient?: StaticClientOptions;
  /** The test user. Default alice / wonderland. */
  readonly user?: { readonly username: string; readonly password: string };
  /**
   * PEM of a CA that signs the HTTPS servers of Client ID Metadata Documents (oidc-provider accepts only https
   * client ids). Absent: documents are fetched with Node's default trust store.
   */
  readonly clientMetadataCa?: string;
}

export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in: number;
  readonly scope?: string;
  readonly refresh_token?: string;
}

export interface TokenClaims {
  /** The resource (audience) the token is for: the MCP server's canonical URI. */
  readonly resource: string;
  /** Space-separated scopes; default all of the AS's scopes. */
  readonly scope?: string;
}

export interface AuthorizeOptions {
  /** Default: the configured test user. A wrong pair leaves the login form showing its error, and authorize throws. */
  readonly username?: string;
  readonly password?: string;
  /** 'deny' presses Deny on the consent page: the client gets `error=access_denied`. Default 'allow'. */
  readonly consent?: 'allow' | 'deny';
}

export interface AuthorizationServer {
  /** http://localhost:<port> (no trailing slash, as oidc-provider states it in its metadata and tokens). */
  readonly issuer: string;
  readonly jwksUri: string;
  /** The OpenID discovery document (…/.well-known/openid-configuration), as served. */
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly port: number;
  readonly scopes: readonly string[];
  readonly user: { readonly username: string; readonly password: string; readonly accountId: string };
  /** The pre-registered confidential client, when the options asked for one. */
  readonly staticClient: { readonly clientId: string; readonly clientSecret: string } | undefined;
  /** A real access token from the token endpoint: the client-credentials grant with the static client. */
  clientCredentialsToken(claims: TokenClaims): Promise<TokenResponse>;
  /** Dynamic client registration (RFC 7591) at the real registration endpoint; answers the registration response. */
  registerClient(metadata: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * Walks an authorization request as a user at a browser would: follows the AS's redirects with a cookie jar, fills
   * in the login form and presses Allow (or Deny) on the consent form. Answers the URL the AS finally redirects to:
   * the client's redirect URI with `code` and `state` (or `error`). Throws if a page is not what it expects.
   */
  authorize(authorizationUrl: string | URL, options?: AuthorizeOptions): Promise<URL>;
  /** A JWT exactly like the AS's own (same key, kid, typ, claims) but expired an hour ago. */
  expiredToken(claims: TokenClaims): Promise<string>;
  /** An unsecured JWT (`alg: none`, empty signature) with valid claims. */
  algNoneToken(claims: TokenClaims): string;
  /**
   * A JWT with valid claims and the AS key's `kid`, signed by another key: only the signature check can refuse it
   * (a verifier that trusts the kid, or does not verify at all, accepts it).
   */
  unknownKeyToken(claims: TokenClaims): Promise<string>;
  /** Random text that is no JWT at all. */
  garbageToken(): string;
  stop(): Promise<void>;
}

const DEFAULT_SCOPES = ['mcp:tools', 'mcp:admin'] as const;
const DEFAULT_USER = { username: 'alice', password: 'wonderland' } as const;
/** RS256: oidc-provider signs ID tokens with it by default, so one key serves both. */
const SIGNING_ALG = 'RS256';

export async function startAuthorizationServer(options: AuthorizationServerOptions = {}): Promise<AuthorizationServer> {
  const host = options.host ?? 'localhost';
  const scopes = [...(options.scopes ?? DEFAULT_SCOPES)];
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 3600;
  const user = { ...(options.user ?? DEFAULT_USER), accountId: `user-${randomUUID()}` };
  const staticClient =
    options.staticClient === undefined
      ? undefined
      : {
          clientId: options.staticClient.clientId ?? 'mcptest-static',
          clientSecret: options.staticClient.clientSecret ?? randomBytes(32).toString('base64url'),
          redirectUris: [...(options.staticClient.redirectUris ?? [])],
        };

  const signingKey = await privateJwk();
  // The issuer names the port, so the server listens first and the provider (and the request handler) come after.
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the authorization server has no port');
  const issuer = `http://${host}:${address.port}`;

  const provider = new Provider(
    issuer,
    configuration({ ...options, scopes, accessTokenTtl, user, staticClient, signingKey }),
  );
  const providerCallback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname.startsWith('/interaction/')) {
      interaction(provider, user, scopes, req, res, url).catch((error: unknown) => {
        // A failed interaction is the test's to see: answer 500 with the message rather than hang the browser.
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(error instanceof Error ? error.message : String(error));
      });
      return;
    }
    void providerCallback(req, res);
  });

  const metadata = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
    string,
    unknown
  >;
  const endpoint = (name: string): string => {
    const value = metadata[name];
    if (typeof value !== 'string') throw new Error(`the discovery document has no ${name}`);
    return value;
  };
  const claimsOf = (claims: TokenClaims, clientId: string): Record<string, unknown> => ({
    jti: randomUUID(),
    sub: clientId,
    client_id: clientId,
    scope: claims.scope ?? scopes.join(' '),
  });
  const forgedClientId = staticClient?.clientId ?? 'mcptest-forged';

  return {
    issuer,
    jwksUri: endpoint('jwks_uri'),
    metadata,
    port: address.port,
    scopes,
    user,
    staticClient:
      staticClient === undefined
        ? undefined
        : { clientId: staticClient.clientId, clientSecret: staticClient.clientSecret },
    clientCredentialsToken: async ({ resource, scope }) => {
      if (staticClient === undefined) throw new Error('clientCredentialsToken needs the staticClient option');
      const response = await fetch(endpoint('token_endpoint'), {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${formEncode(staticClient.clientId)}:${formEncode(staticClient.clientSecret)}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope: scope ?? scopes.join(' ') }),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`client_credentials: ${response.status} ${JSON.stringify(body)}`);
      return body as unknown as TokenResponse;
    },
    registerClient: async (clientMetadata) => {
      const response = await fetch(endpoint('registration_endpoint'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(clientMetadata),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status !== 201) throw new Error(`registration: ${response.status} ${JSON.stringify(body)}`);
      return body;
    },
    authorize: (authorizationUrl, authorizeOptions = {}) =>
      walkAuthorization(issuer, new URL(authorizationUrl), {
        username: authorizeOptions.username ?? user.username,
        password: authorizeOptions.password ?? user.password,
        consent: authorizeOptions.consent ?? 'allow',
      }),
    expiredToken: async (claims) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claimsOf(claims, forgedClientId))
        .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: signingKey.kid })
        .setIssuer(issuer)
        .setAudience(claims.resource)
        .setIssuedAt(now - 2 * 3600)
        .setExpirationTime(now - 3600)
        .sign(signingKey.privateKey);
    },
    algNoneToken: (claims) => {
      const now = Math.floor(Date.now() / 1000);
      return new UnsecuredJWT(claimsOf(claims, forgedClientId))
        .setIssuer(issuer)
        .setAudience(claims.resource)
        .setIssuedAt(now)
        .setExpirationTime(now + accessTokenTtl)
        .encode();
    },
    unknownKeyToken: async (claims) => {
      const other = await generateKeyPair(SIGNING_ALG);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claimsOf(claims, forgedClientId))
        .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: signingKey.kid })
        .setIssuer(issuer)
        .setAudience(claims.resource)
        .setIssuedAt(now)
        .setExpirationTime(now + accessTokenTtl)
        .sign(other.privateKey);
    },
    garbageToken: () => randomBytes(24).toString('base64url'),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface SigningKey {
  readonly kid: string;
  readonly jwk: JWK;
  readonly privateKey: CryptoKey;
}

async function privateJwk(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const kid = randomUUID();
  return { kid, jwk: { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG, use: 'sig' }, privateKey };
}

/** RFC 6749 §2.3.1: client id and secret are form-encoded before they go into Basic credentials. */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

interface ConfigurationInput extends Omit<AuthorizationServerOptions, 'staticClient' | 'user'> {
  readonly scopes: string[];
  readonly accessTokenTtl: number;
  readonly user: { readonly username: string; readonly accountId: string };
  readonly staticClient: { clientId: string; clientSecret: string; redirectUris: string[] } | undefined;
  readonly signingKey: SigningKey;
}

function configuration(input: ConfigurationInput): Configuration {
  const { scopes, accessTokenTtl, user, staticClient, signingKey } = input;
  const refreshTokenTtl = input.refreshTokenTtlSeconds ?? 14 * 24 * 3600;
  const clientMetadataFetch = clientMetadataFetcher(input.clientMetadataCa);
  return {
    clients:
      staticClient === undefined
        ? []
        : [
            {
              client_id: staticClient.clientId,
              client_secret: staticClient.clientSecret,
              token_endpoint_auth_method: 'client_secret_basic',
              grant_types: [
                'client_credentials',
                ...(staticClient.redirectUris.length > 0 ? ['authorization_code', 'refresh_token'] : []),
              ],
              response_types: staticClient.redirectUris.length > 0 ? ['code'] : [],
              redirect_uris: staticClient.redirectUris,
            },
          ],
    jwks: { keys: [signingKey.jwk] },
    // Cookie signing keys: fresh for each server; nothing outlives it.
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'offline_access', ...scopes],
    claims: { openid: ['sub'] },
    findAccount: (_ctx, sub) =>
      sub === user.accountId
        ? { accountId: sub, claims: () => ({ sub, preferred_username: user.username }) }
        : undefined,
    interactions: { url: (_ctx, interactionModel) => `/interaction/${interactionModel.uid}` },
    // OAuth 2.1 and the MCP spec: PKCE for every authorization code, public or confidential client (oidc-provider
    // accepts only S256).
    pkce: { required: () => true },
    // MCP clients do not ask for offline_access; an MCP server's AS that hands out refresh tokens does so on the
    // grant type alone, which is what mcptest's refresh must be tested against.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: () => true,
    // A plain page that says the error code first, so authorize() and a browser test can tell what went wrong.
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Authorization error',
        `<p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`,
      );
    },
    ttl: {
      AccessToken: () => accessTokenTtl,
      ClientCredentials: () => accessTokenTtl,
      AuthorizationCode: () => 60,
      IdToken: () => accessTokenTtl,
      RefreshToken: () => refreshTokenTtl,
      Interaction: () => 3600,
      Session: () => 24 * 3600,
      Grant: () => refreshTokenTtl,
    },
    features: {
      // Our own login and consent pages (below) replace the development ones, which accept any login.
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      registration: { enabled: true, initialAccessToken: false },
      revocation: { enabled: true, allowedPolicy: () => true },
      introspection: { enabled: true, allowedPolicy: () => true },
      resourceIndicators: {
        enabled: true,
        // A single requested resource is the token's audience; a token request need not repeat it.
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? undefined,
        useGrantedResource: () => true,
        // Any http(s) resource is a resource server with the AS's scopes; its access tokens are JWTs with `aud` =
        // the resource, so an MCP server validates them offline against the JWKS.
        getResourceServerInfo: (_ctx, resourceIndicator) => ({
          audience: resourceIndicator,
          scope: scopes.join(' '),
          accessTokenTTL: accessTokenTtl,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: SIGNING_ALG } },
        }),
      },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
      },
    },
    fetch: clientMetadataFetch,
  };
}

/**
 * oidc-provider fetches Client ID Metadata Documents through a dispatcher that refuses special-use addresses,
 * loopback included; every server of these tests is on loopback, so the harness fetches them itself, with
 * node:https and the caller's CA (their servers are https with a test certificate). Only GET is needed.
 */
function clientMetadataFetcher(ca: string | undefined): NonNullable<Configuration['fetch']> {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url instanceof Request ? url.url : url);
      if (target.protocol !== 'https:') {
        reject(new Error(`client metadata documents are fetched over https only, not ${target.protocol}`));
        return;
      }
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const request = https.request(
        target,
        {
          method: 'GET',
          headers,
          ...(ca === undefined ? {} : { ca }),
          signal: init?.signal ?? AbortSignal.timeout(2500),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (typeof value === 'string') responseHeaders.set(name, value);
            }
            resolve(
              new Response(Buffer.concat(chunks), { status: response.statusCode ?? 502, headers: responseHeaders }),
            );
          });
        },
      );
      request.on('error', reject);
      request.end();
    });
}

// ---- login and consent: two small forms, one page per prompt ----

async function interaction(
  provider: Provider,
  user: { readonly username: string; readonly password: string; readonly accountId: string },
  scopes: readonly string[],
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const [, , uid, action] = url.pathname.split('/');
  if (uid !== details.uid) throw new Error('interaction does not match its cookie');
  const client = await provider.Client.find(String(details.params.client_id));
  const clientName = client?.clientName ?? String(details.params.client_id);

  if (req.method === 'GET' && action === undefined) {
    sendPage(
      res,
      200,
      details.prompt.name === 'login' ? loginPage(uid, clientName, undefined) : consentPage(uid, clientName, details),
    );
    return;
  }
  if (req.method !== 'POST') throw new Error(`unexpected ${req.method ?? '?'} ${url.pathname}`);
  const form = new URLSearchParams(await readBody(req));

  if (action === 'login' && details.prompt.name === 'login') {
    if (form.get('username') !== user.username || form.get('password') !== user.password) {
      sendPage(res, 200, loginPage(uid, clientName, 'Wrong username or password.'));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.accountId } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (action === 'consent' && details.prompt.name === 'consent') {
    const { accountId } = details.session ?? {};
    if (accountId === undefined) throw new Error('consent without a login');
    const grant =
      details.grantId === undefined
        ? new provider.Grant({ accountId, clientId: String(details.params.client_id) })
        : await provider.Grant.find(details.grantId);
    if (grant === undefined) throw new Error('the interaction names a grant that does not exist');
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope !== undefined) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims !== undefined) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, granted] of Object.entries(missing.missingResourceScopes ?? {})) {
      // Only scopes the resource servers have; an unknown one is never granted.
      grant.addResourceScope(indicator, granted.filter((scope) => scopes.includes(scope)).join(' '));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }
  if (action === 'deny') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'the user denied the request' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  throw new Error(`unexpected ${url.pathname} at the ${details.prompt.name} prompt`);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendPage(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

// `data-prompt` names the form for authorize(); a browser test finds the fields by their labels and the buttons by
// their names.
function loginPage(uid: string, clientName: string, error: string | undefined): string {
  return page(
    'Sign in',
    `<p>Sign in to continue to ${escapeHtml(clientName)}.</p>${error === undefined ? '' : `<p role="alert">${escapeHtml(error)}</p>`}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" data-prompt="login">
<label>Username <input name="username" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form>`,
  );
}

function consentPage(
  uid: string,
  clientName: string,
  details: Awaited<ReturnType<Provider['interactionDetails']>>,
): string {
  const resource = details.params.resource;
  const scope = typeof details.params.scope === 'string' ? details.params.scope : '';
  return page(
    'Authorize access',
    `<p>${escapeHtml(clientName)} asks for: ${escapeHtml(scope || '(no scope)')}</p>
<p>Resource: ${escapeHtml(Array.isArray(resource) ? resource.join(', ') : String(resource ?? '(none)'))}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/consent" data-prompt="consent"><button type="submit">Allow</button></form>
<form method="post" action="/interaction/${escapeHtml(uid)}/deny" data-prompt="deny"><button type="submit">Deny</button></form>`,
  );
}

// ---- authorize(): the forms over HTTP ----

async function walkAuthorization(
  issuer: string,
  start: URL,
  options: { readonly username: string; readonly password: string; readonly consent: 'allow' | 'deny' },
): Promise<URL> {
  const jar = new Map<string, string>();
  let next: { url: URL; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: start, method: 'GET' };
  // A full walk is about eight hops (auth, login page, login, resume, consent page, consent, resume, redirect).
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        ...(jar.size === 0 ? {} : { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') }),
        ...(next.body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(next.body === undefined ? {} : { body: next.body }),
    });
    storeCookies(jar, response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      const target = new URL(location, next.url);
      // Leaving the AS: this is the redirect to the client's redirect URI.
      if (target.origin !== new URL(issuer).origin) return target;
      next = { url: target, method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`authorize: ${response.status} at ${next.url.pathname}: ${html.slice(0, 500)}`);
    const prompt = /data-prompt="(login|consent)"/.exec(html)?.[1];
    if (prompt === 'login') {
      if (next.method === 'POST')
        throw new Error(`authorize: the login was refused: ${/role="alert">([^<]*)/.exec(html)?.[1] ?? ''}`);
      next = {
        url: new URL(formAction(html, 'login'), next.url),
        method: 'POST',
        body: new URLSearchParams({ username: options.username, password: options.password }),
      };
    } else if (prompt === 'consent') {
      const which = options.consent === 'allow' ? 'consent' : 'deny';
      next = { url: new URL(formAction(html, which), next.url), method: 'POST', body: new URLSearchParams() };
    } else {
      throw new Error(`authorize: no login or consent form at ${next.url.pathname}: ${html.slice(0, 500)}`);
    }
  }
  throw new Error('authorize: more than 20 hops');
}

function formAction(html: string, prompt: string): string {
  const action = new RegExp(`action="([^"]+)" data-prompt="${prompt}"`).exec(html)?.[1];
  if (action === undefined) throw new Error(`authorize: no ${prompt} form`);
  return action.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}

/** Enough of a cookie jar for one origin: the AS sets and clears its session and interaction cookies. */
function storeCookies(jar: Map<string, string>, setCookies: readonly string[]): void {
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq < 1) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [key = '', v = ''] = a.trim().split('=');
      return (
        (key.toLowerCase() === 'max-age' && Number(v) <= 0) ||
        (key.toLowerCase() === 'expires' && Date.parse(v) <= Date.now())
      );
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}
