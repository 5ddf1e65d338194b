import * as oauth from 'oauth4webapi';

/** The parameters of a `WWW-Authenticate: Bearer` challenge mcptest acts on (RFC 6750 §3, RFC 9728 §5.1). */
export interface BearerChallenge {
  /** `invalid_token`, `insufficient_scope`, `invalid_request`, ... */
  error?: string;
  errorDescription?: string;
  /** The scope the request needs (the MCP spec's scope selection and step-up). */
  scope?: string;
  /** RFC 9728: where the protected-resource metadata is. */
  resourceMetadata?: string;
}

/** Any URL: the parser is reached through a request that never leaves this process. */
const NOWHERE = new URL('http://www-authenticate.invalid/');

/**
 * Parses a `WWW-Authenticate` header with oauth4webapi's parser (RFC 9110 §11.6.1 challenges: several per header,
 * quoted strings with escapes, case-insensitive names), and answers the Bearer challenge's parameters, or undefined
 * when the header has none or does not parse. The library exposes its parser only through the error a protected
 * resource request throws on a challenge, so this makes such a request whose "fetch" answers the header at once.
 */
export async function parseBearerChallenge(header: string): Promise<BearerChallenge | undefined> {
  try {
    await oauth.protectedResourceRequest('-', 'GET', NOWHERE, undefined, undefined, {
      [oauth.allowInsecureRequests]: true,
      [oauth.customFetch]: () =>
        Promise.resolve(new Response(null, { status: 401, headers: { 'www-authenticate': header } })),
    });
  } catch (error) {
    if (!(error instanceof oauth.WWWAuthenticateChallengeError)) return undefined;
    const bearer = error.cause.find((challenge) => challenge.scheme === 'bearer');
    if (bearer === undefined) return undefined;
    const { parameters } = bearer;
    return {
      ...(parameters.error === undefined ? {} : { error: parameters.error }),
      ...(parameters.error_description === undefined ? {} : { errorDescription: parameters.error_description }),
      ...(parameters.scope === undefined ? {} : { scope: parameters.scope }),
      ...(parameters.resource_metadata === undefined ? {} : { resourceMetadata: parameters.resource_metadata }),
    };
  }
  return undefined;
}
