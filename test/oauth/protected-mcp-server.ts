// MCP servers behind MCP authorization, as their authors build them with the official SDK: the v2 server package's
// web-standard bearer-auth gate (`requireBearerAuth`, the framework-free counterpart of the v1 Express middleware)
// and its RFC 9728 metadata responder (`oauthMetadataResponse`), in front of `createMcpHandler` (both protocol eras:
// 2026-07-28 and, statelessly, 2025). Three variants, the cases the auth-posture check (issue 18) must tell apart:
//
// - `correct`: validates each access token as a JWT (RFC 9068) with jose against the AS's JWKS: signature, `typ`
//   at+jwt, `exp`, `iss`, and `aud` = its own canonical URI; refuses a token in the query string (400
//   invalid_request); answers 401 with `WWW-Authenticate: Bearer … resource_metadata="…"`; serves its metadata at
//   the RFC 9728 well-known path, naming itself as `resource`, the AS and its scopes.
// - `permissive`: accepts any bearer token, in the header or the query string (still 401 without one, so clients
//   discover the AS).
// - `wrong-resource`: validates as `correct` does, but its metadata names another resource.
import http from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  buildOAuthProtectedResourceMetadata,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  McpServer,
  OAuthError,
  OAuthErrorCode,
  oauthMetadataResponse,
  requireBearerAuth,
  type AuthInfo,
  type AuthMetadataOptions,
  type OAuthMetadata,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';

export type ProtectedServerVariant = 'correct' | 'permissive' | 'wrong-resource';

export interface ProtectedMcpServerOptions {
  readonly variant: ProtectedServerVariant;
  /** The AS the server relies on (startAuthorizationServer's answer fits). */
  readonly authorizationServer: {
    readonly issuer: string;
    readonly jwksUri: string;
    /** Its discovery document, also served at the server's /.well-known/oauth-authorization-server (legacy). */
    readonly metadata: Readonly<Record<string, unknown>>;
  };
  /** `scopes_supported` in the metadata. Default mcp:tools. */
  readonly scopesSupported?: readonly string[];
  /** Scopes every request's token must carry; a token without them gets 403 insufficient_scope (step-up). */
  readonly requiredScopes?: readonly string[];
  /** The `resource` the wrong-resource variant's metadata names. Default http://mcp.internal.invalid/mcp. */
  readonly wrongResource?: string;
}

export interface ProtectedMcpServer {
  readonly variant: ProtectedServerVariant;
  /** The MCP endpoint, http://127.0.0.1:<port>/mcp, which is also its canonical URI (RFC 8707 resource). */
  readonly url: string;
  readonly resource: string;
  /** Where its RFC 9728 metadata is: http://127.0.0.1:<port>/.well-known/oauth-protected-resource/mcp. */
  readonly resourceMetadataUrl: string;
  readonly port: number;
  /** Names of the tools called so far with an accepted token (the posture check must call none). */
  toolCalls(): readonly string[];
  stop(): Promise<void>;
}

const DEFAULT_WRONG_RESOURCE = 'http://mcp.internal.invalid/mcp';

function buildServer(toolCalls: string[]): McpServer {
  const server = new McpServer(
    { name: 'mcptest-protected-fixture', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  server.registerTool(
    'echo',
    {
      description: 'Echoes back the input string',
      inputSchema: z.object({ message: z.string() }),
      annotations: { readOnlyHint: true },
    },
    ({ message }) => {
      toolCalls.push('echo');
      return { content: [{ type: 'text', text: `Echo: ${message}` }] };
    },
  );
  server.registerTool(
    'get-sum',
    {
      description: 'Returns the sum of two numbers',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      annotations: { readOnlyHint: true },
    },
    ({ a, b }) => {
      toolCalls.push('get-sum');
      return { content: [{ type: 'text', text: `The sum of ${a} and ${b} is ${a + b}.` }] };
    },
  );
  // Which token the server saw: tests assert that a run used the token they expect (after a refresh, say).
  server.registerTool(
    'whoami',
    {
      description: 'Says which client, subject and scopes the access token carries',
      annotations: { readOnlyHint: true },
    },
    (ctx) => {
      toolCalls.push('whoami');
      const auth = ctx.http?.authInfo;
      const text = JSON.stringify({
        clientId: auth?.clientId ?? null,
        subject: auth?.extra?.['sub'] ?? null,
        scopes: auth?.scopes ?? [],
        expiresAt: auth?.expiresAt ?? null,
      });
      return { content: [{ type: 'text', text }] };
    },
  );
  return server;
}

/** RFC 9068 access tokens from the AS: signature by a JWKS key, typ, iss, aud = this server, exp. */
function jwtVerifier(issuer: string, jwksUri: string, resource: string): OAuthTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(jwksUri));
  return {
    verifyAccessToken: async (token) => {
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer,
          audience: resource,
          typ: 'at+jwt',
          requiredClaims: ['exp'],
        });
        const info: AuthInfo = {
          token,
          clientId: typeof payload['client_id'] === 'string' ? payload['client_id'] : '',
          scopes: typeof payload['scope'] === 'string' ? payload['scope'].split(' ').filter(Boolean) : [],
          resource: new URL(resource),
          extra: { sub: payload.sub ?? null },
          ...(payload.exp === undefined ? {} : { expiresAt: payload.exp }),
        };
        return info;
      } catch (error) {
        // Every verification failure is the client's: 401 invalid_token, with jose's reason as the description.
        if (error instanceof joseErrors.JOSEError) throw new OAuthError(OAuthErrorCode.InvalidToken, error.message);
        throw error;
      }
    },
  };
}

/** Accepts anything: the server an attacker hopes for. */
const anyTokenVerifier: OAuthTokenVerifier = {
  verifyAccessToken: (token) =>
    Promise.resolve({
      token,
      clientId: 'anyone',
      scopes: ['mcp:tools', 'mcp:admin'],
      expiresAt: Date.now() / 1000 + 3600,
    }),
};

/** Starts the server on 127.0.0.1 and a port the OS picks. */
export async function startProtectedMcpServer(options: ProtectedMcpServerOptions): Promise<ProtectedMcpServer> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the protected MCP server has no port');
  const url = `http://127.0.0.1:${address.port}/mcp`;
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(new URL(url));
  const { issuer, jwksUri } = options.authorizationServer;

  const metadataOptions: AuthMetadataOptions = {
    oauthMetadata: options.authorizationServer.metadata as unknown as OAuthMetadata,
    resourceServerUrl: new URL(url),
    scopesSupported: [...(options.scopesSupported ?? ['mcp:tools'])],
    resourceName: `mcptest ${options.variant} fixture`,
    // The AS is on http://localhost: allowed for loopback only, which is all these tests use.
    dangerouslyAllowInsecureIssuerUrl: true,
  };
  const wrongMetadata =
    options.variant === 'wrong-resource'
      ? {
          ...buildOAuthProtectedResourceMetadata(metadataOptions),
          resource: options.wrongResource ?? DEFAULT_WRONG_RESOURCE,
        }
      : undefined;

  const requiredScopes = [...(options.requiredScopes ?? [])];
  const gate = requireBearerAuth({
    verifier: options.variant === 'permissive' ? anyTokenVerifier : jwtVerifier(issuer, jwksUri, url),
    requiredScopes,
    resourceMetadataUrl,
  });
  const toolCalls: string[] = [];
  const handler = createMcpHandler(() => buildServer(toolCalls), { legacy: 'stateless' });

  const route = async (request: Request): Promise<Response> => {
    const requestUrl = new URL(request.url);
    if (wrongMetadata !== undefined && requestUrl.pathname === new URL(resourceMetadataUrl).pathname) {
      return request.method === 'GET'
        ? Response.json(wrongMetadata)
        : new Response(null, { status: 405, headers: { allow: 'GET' } });
    }
    const metadataResponse = oauthMetadataResponse(request, metadataOptions);
    if (metadataResponse !== undefined) return metadataResponse;
    if (requestUrl.pathname !== '/mcp') return new Response('not found', { status: 404 });

    let gated = request;
    const queryToken = requestUrl.searchParams.get('access_token');
    if (queryToken !== null) {
      if (options.variant !== 'permissive') {
        // MCP authorization: access tokens MUST NOT be in the query string; RFC 6750 §3.1 names the refusal.
        // (The SDK's bearerAuthChallengeResponse answers invalid_request without a challenge; RFC 6750 §3 has one.)
        const error = new OAuthError(OAuthErrorCode.InvalidRequest, 'access token in the query string');
        return Response.json(error.toResponseObject(), {
          status: 400,
          headers: {
            'www-authenticate': `Bearer error="invalid_request", error_description="${error.message}", resource_metadata="${resourceMetadataUrl}"`,
          },
        });
      }
      if (!request.headers.has('authorization')) {
        const headers = new Headers(request.headers);
        headers.set('authorization', `Bearer ${queryToken}`);
        gated = new Request(request, { headers });
      }
    }
    const auth = await gate(gated);
    if (auth instanceof Response) return auth;
    return handler.fetch(gated, { authInfo: auth });
  };
  const serve = toNodeHandler({ fetch: route });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    // Node's IncomingMessage types its optional fields loosely; the handler reads them as Node sets them.
    void serve(req as Parameters<typeof serve>[0], res);
  });

  return {
    variant: options.variant,
    url,
    resource: url,
    resourceMetadataUrl,
    port: address.port,
    toolCalls: () => [...toolCalls],
    stop: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
