import { isRecord } from '../util/is-record';
import { canonicalResourceUri, sameResource } from '../oauth/canonical-resource-uri';
import { checkOAuthEndpointUrl } from '../oauth/oauth-endpoint-url';
import { protectedResourceMetadataSchema } from '../oauth/parse-oauth-metadata';
import type {
  AuthPostureFinding,
  AuthPostureObservations,
  AuthPostureVerdict,
  AuthProbe,
  PostureTokenKind,
  SpecReference,
} from './auth-posture-types';

// The auth-posture findings: what the MCP authorization spec, RFC 6750 (bearer tokens) and RFC 9728 (protected
// resource metadata) ask of a resource server, each judged from the observations alone. A finding's FAIL is what an
// attacker would find: a gate that lets a token through that it must refuse, or metadata that sends clients elsewhere.

const mcp = (revision: '2025-11-25' | '2026-07-28', anchor: string, section: string): SpecReference => ({
  label: `MCP ${revision} Authorization: ${section}`,
  url: `https://modelcontextprotocol.io/specification/${revision}/basic/authorization#${anchor}`,
});
const mcpBoth = (anchor: string, section: string): SpecReference[] => [
  mcp('2026-07-28', anchor, section),
  mcp('2025-11-25', anchor, section),
];
const rfc = (number: number, section: string, title: string): SpecReference => ({
  label: `RFC ${number} §${section} (${title})`,
  url: `https://www.rfc-editor.org/rfc/rfc${number}#section-${section}`,
});

const RFC6750_ERRORS = rfc(6750, '3.1', 'Error Codes');
const RFC6750_CHALLENGE = rfc(6750, '3', 'The WWW-Authenticate Response Header Field');
const TOKEN_HANDLING = mcpBoth('token-handling', 'Token Handling');
const ERROR_HANDLING = mcpBoth('error-handling', 'Error Handling');

const is2xx = (status: number) => status >= 200 && status < 300;

/** SKIPPED for a probe not sent, FAIL for one that got no HTTP answer; undefined when there is an answer to judge. */
function noAnswer(probe: AuthProbe, what: string): AuthPostureVerdict | undefined {
  if (probe.kind === 'not_run') return { status: 'SKIPPED', message: probe.reason };
  if (probe.kind === 'failed') return { status: 'FAIL', message: `${what}: no answer: ${probe.message}` };
  return undefined;
}

function evidenceOf(probe: AuthProbe): unknown {
  if (probe.kind !== 'http') return probe;
  return {
    status: probe.status,
    ...(probe.wwwAuthenticate === undefined ? {} : { wwwAuthenticate: probe.wwwAuthenticate }),
    ...(probe.rpcErrorCode === undefined ? {} : { rpcErrorCode: probe.rpcErrorCode }),
  };
}

/** The rule every token the server must not honour is judged by: 401 with `error="invalid_token"` (RFC 6750 §3.1). */
function refusedAsInvalid(probe: AuthProbe, what: string): AuthPostureVerdict {
  const missing = noAnswer(probe, what);
  if (missing !== undefined) return missing;
  if (probe.kind !== 'http') return { status: 'SKIPPED', message: `${what} was not observed` };
  const evidence = evidenceOf(probe);
  if (probe.status === 401) {
    const error = probe.bearer?.error;
    return error === 'invalid_token'
      ? { status: 'PASS', evidence }
      : {
          status: 'WARN',
          message: `refused with 401, but its challenge says ${error === undefined ? 'no error' : `error="${error}"`}, not error="invalid_token" (RFC 6750 §3.1)`,
          evidence,
        };
  }
  if (is2xx(probe.status)) {
    return {
      status: 'FAIL',
      message: `accepted ${what}: HTTP ${probe.status}${probe.rpcErrorCode === undefined ? '' : ` (a JSON-RPC error ${probe.rpcErrorCode}, but past the gate)`}`,
      evidence,
    };
  }
  if (probe.status === 403) {
    return {
      status: 'FAIL',
      message: `answered ${what} with 403: the token was taken as valid (403 insufficient_scope is for a valid token lacking scope), not refused with 401 invalid_token`,
      evidence,
    };
  }
  return { status: 'FAIL', message: `answered ${what} with HTTP ${probe.status}, not 401 invalid_token`, evidence };
}

function noToken401(o: AuthPostureObservations): AuthPostureVerdict {
  const probe = o.noToken;
  const missing = noAnswer(probe, 'the request without a token');
  if (missing !== undefined || probe.kind !== 'http') return missing ?? { status: 'SKIPPED' };
  const evidence = evidenceOf(probe);
  if (probe.status === 401) return { status: 'PASS', evidence };
  if (is2xx(probe.status)) {
    return {
      status: 'FAIL',
      message: `served the request without any token (HTTP ${probe.status}): the server is not protected`,
      evidence,
    };
  }
  return { status: 'FAIL', message: `answered HTTP ${probe.status} without a token, not 401`, evidence };
}

function metadataFetchedOk(o: AuthPostureObservations): boolean {
  return o.metadata.kind === 'fetched' && o.metadata.status === 200 && isRecord(o.metadata.body);
}

function noTokenChallenge(o: AuthPostureObservations): AuthPostureVerdict {
  const probe = o.noToken;
  const missing = noAnswer(probe, 'the request without a token');
  if (missing !== undefined || probe.kind !== 'http') return missing ?? { status: 'SKIPPED' };
  if (probe.status !== 401) {
    return { status: 'SKIPPED', message: `no 401 to read a challenge from (HTTP ${probe.status}; see no-token-401)` };
  }
  const bearer = probe.bearer;
  const evidence = evidenceOf(probe);
  if (bearer === undefined) {
    return {
      status: 'FAIL',
      message:
        probe.wwwAuthenticate === undefined
          ? 'the 401 has no WWW-Authenticate header'
          : `the 401's WWW-Authenticate (${probe.wwwAuthenticate}) has no Bearer challenge`,
      evidence,
    };
  }
  const url = bearer.resourceMetadata;
  if (url === undefined) {
    // The 2025-11-25 spec lets a server rely on the RFC 9728 well-known path instead; clients must try both.
    return metadataFetchedOk(o)
      ? {
          status: 'WARN',
          message:
            'the Bearer challenge carries no resource_metadata; clients must fall back to the well-known path, which serves it',
          evidence,
        }
      : {
          status: 'FAIL',
          message: 'the Bearer challenge carries no resource_metadata and no metadata is served at the well-known path',
          evidence,
        };
  }
  if (!URL.canParse(url)) {
    return { status: 'FAIL', message: `resource_metadata is not an absolute URL: ${JSON.stringify(url)}`, evidence };
  }
  return { status: 'PASS', evidence };
}

function metadataValid(o: AuthPostureObservations): AuthPostureVerdict {
  const m = o.metadata;
  if (m.kind === 'not_run') return { status: 'SKIPPED', message: m.reason };
  if (m.kind === 'failed') {
    return {
      status: 'FAIL',
      message: `the metadata document could not be fetched${m.url === undefined ? '' : ` from ${m.url}`}: ${m.message}`,
    };
  }
  const where = { url: m.url, source: m.source, status: m.status };
  if (m.status !== 200)
    return { status: 'FAIL', message: `${m.url} answered HTTP ${m.status}, not 200`, evidence: where };
  if (!isRecord(m.body)) return { status: 'FAIL', message: `${m.url} is not a JSON object`, evidence: where };
  const body = m.body;
  // The OAuth client's schema of RFC 9728 metadata is the one rule for its shape; the posture adds what the MCP spec
  // asks of an MCP server's document (an authorization server, reachable as an endpoint may be).
  const parsed = protectedResourceMetadataSchema.safeParse(body);
  const problems: string[] = parsed.success
    ? []
    : parsed.error.issues
        // authorization_servers is judged below, with the MCP spec's words.
        .filter((issue) => issue.path[0] !== 'authorization_servers')
        .map((issue) => `\`${issue.path.join('.') || '(document)'}\`: ${issue.message}`);
  const servers = body['authorization_servers'];
  if (!Array.isArray(servers) || servers.length === 0) {
    problems.push('`authorization_servers` is missing or empty (the MCP spec requires at least one)');
  } else {
    for (const server of servers as unknown[]) {
      if (typeof server !== 'string') {
        problems.push(`authorization server ${JSON.stringify(server)} is not a string`);
        continue;
      }
      const check = checkOAuthEndpointUrl(server);
      if (!check.ok) problems.push(`authorization server ${check.message}`);
    }
  }
  const scopes = body['scopes_supported'];
  const methods = body['bearer_methods_supported'];
  if (Array.isArray(methods) && methods.includes('query')) {
    problems.push('`bearer_methods_supported` offers "query", which MCP forbids');
  }
  const evidence = {
    ...where,
    resource: body['resource'],
    authorization_servers: servers,
    ...(scopes === undefined ? {} : { scopes_supported: scopes }),
  };
  return problems.length === 0
    ? { status: 'PASS', evidence }
    : { status: 'FAIL', message: problems.join('; '), evidence };
}

function metadataNamesServer(o: AuthPostureObservations): AuthPostureVerdict {
  const m = o.metadata;
  if (m.kind !== 'fetched' || !isRecord(m.body) || typeof m.body['resource'] !== 'string') {
    return {
      status: 'SKIPPED',
      message: 'no metadata document with a `resource` to compare (see resource-metadata-valid)',
    };
  }
  const named = m.body['resource'];
  const evidence = { resource: named, serverUrl: o.serverUrl, metadataUrl: m.url };
  if (canonicalResourceUri(named) === undefined) {
    return {
      status: 'FAIL',
      message: `\`resource\` ${JSON.stringify(named)} is not an absolute http(s) URL`,
      evidence,
    };
  }
  if (sameResource(named, o.serverUrl)) return { status: 'PASS', evidence };
  const slash = sameResource(named.replace(/\/$/, ''), o.serverUrl.replace(/\/$/, ''));
  return {
    status: 'FAIL',
    message: slash
      ? `\`resource\` ${named} differs from the server's URL ${o.serverUrl} by a trailing slash: RFC 9728 §3.3 asks them to be identical, and clients that compare (mcptest's included) refuse the metadata`
      : `\`resource\` names ${named}, not this server (${o.serverUrl}): clients must refuse the metadata (RFC 9728 §3.3), and a token bound to it is bound to another resource`,
    evidence,
  };
}

function tokenRefused(kind: PostureTokenKind, what: string) {
  return (o: AuthPostureObservations): AuthPostureVerdict => refusedAsInvalid(o.tokens[kind], what);
}

function queryTokenRefused(o: AuthPostureObservations): AuthPostureVerdict {
  const probe = o.queryToken;
  const missing = noAnswer(probe, 'the request with a token in the query string');
  if (missing !== undefined || probe.kind !== 'http') return missing ?? { status: 'SKIPPED' };
  const evidence = { ...(evidenceOf(probe) as object), token: probe.token ?? 'garbage' };
  if (is2xx(probe.status)) {
    return {
      status: 'FAIL',
      message: `served a request whose only token was in the query string (HTTP ${probe.status}): tokens in URLs end up in logs and Referer headers`,
      evidence,
    };
  }
  if (probe.status >= 400 && probe.status < 500) {
    return probe.token === 'valid'
      ? { status: 'PASS', evidence }
      : {
          status: 'PASS',
          message:
            'refused, but the token sent was not valid, so this also passes for a server that reads query tokens and validates them; give client credentials (other_resource_token_from, --client-id) to send a valid one',
          evidence,
        };
  }
  return { status: 'FAIL', message: `answered HTTP ${probe.status} to a query-string token, not a 4xx`, evidence };
}

/** The catalog, in the order an attacker meets the gate. */
export const AUTH_POSTURE_CATALOG: readonly AuthPostureFinding[] = [
  {
    id: 'no-token-401',
    title: 'A request without a token is refused with 401',
    severity: 'critical',
    rationale: 'A server that answers without a token is open to anyone who finds its URL.',
    specRefs: [...ERROR_HANDLING, RFC6750_CHALLENGE],
    verdict: noToken401,
  },
  {
    id: 'no-token-challenge',
    title: 'The 401 carries WWW-Authenticate: Bearer with resource_metadata',
    severity: 'medium',
    rationale: 'Clients find the authorization server through the challenge; without it they cannot connect.',
    specRefs: [
      ...mcpBoth(
        'protected-resource-metadata-discovery-requirements',
        'Protected Resource Metadata Discovery Requirements',
      ),
      rfc(9728, '5.1', 'WWW-Authenticate Response'),
      RFC6750_CHALLENGE,
    ],
    verdict: noTokenChallenge,
  },
  {
    id: 'resource-metadata-valid',
    title: 'The protected-resource metadata document is valid',
    severity: 'medium',
    rationale: 'The document tells clients which authorization server to trust and which scopes to ask for.',
    specRefs: [
      ...mcpBoth('authorization-server-location', 'Authorization Server Location'),
      rfc(9728, '2', 'Protected Resource Metadata'),
      rfc(9728, '3', 'Obtaining Protected Resource Metadata'),
    ],
    verdict: metadataValid,
  },
  {
    id: 'resource-metadata-names-server',
    title: 'The metadata names this server as its resource',
    severity: 'high',
    rationale:
      'Clients ask for tokens bound to the `resource` the metadata names; a wrong one makes them refuse it or bind tokens elsewhere.',
    specRefs: [
      ...mcpBoth('canonical-server-uri', 'Canonical Server URI'),
      rfc(9728, '3.3', 'Protected Resource Metadata Validation'),
    ],
    verdict: metadataNamesServer,
  },
  {
    id: 'garbage-token-refused',
    title: 'A token that is not a token is refused with 401 invalid_token',
    severity: 'critical',
    rationale: 'A gate that lets any bearer value through checks only that a header is present.',
    specRefs: [...TOKEN_HANDLING, RFC6750_ERRORS],
    verdict: tokenRefused('garbage', 'a garbage token'),
  },
  {
    id: 'expired-token-refused',
    title: 'An expired JWT is refused with 401 invalid_token',
    severity: 'critical',
    rationale: 'A stolen token must stop working when it expires.',
    specRefs: [...TOKEN_HANDLING, RFC6750_ERRORS, rfc(9068, '4', 'Validating JWT Access Tokens')],
    verdict: tokenRefused('expired', 'an expired JWT'),
  },
  {
    id: 'alg-none-token-refused',
    title: 'An unsigned JWT (alg: none) is refused with 401 invalid_token',
    severity: 'critical',
    rationale: 'Anyone can write an unsigned JWT with any claims; accepting one hands out every identity and scope.',
    specRefs: [...TOKEN_HANDLING, RFC6750_ERRORS, rfc(8725, '3.1', 'Perform Algorithm Verification')],
    verdict: tokenRefused('alg_none', 'an alg: none JWT'),
  },
  {
    id: 'unknown-key-token-refused',
    title: 'A JWT signed by a key the authorization server does not publish is refused with 401 invalid_token',
    severity: 'critical',
    rationale: 'A server that does not verify signatures against its issuer’s keys accepts tokens anyone can mint.',
    specRefs: [...TOKEN_HANDLING, RFC6750_ERRORS, rfc(9068, '4', 'Validating JWT Access Tokens')],
    verdict: tokenRefused('unknown_key', 'a JWT signed by an unknown key'),
  },
  {
    id: 'other-resource-token-refused',
    title: 'A real token issued for another resource is refused with 401 invalid_token',
    severity: 'high',
    rationale:
      'Without an audience check, any token from the same authorization server works here (the confused deputy, token passthrough).',
    specRefs: [
      ...mcpBoth('token-audience-binding-and-validation', 'Token Audience Binding and Validation'),
      rfc(8707, '2', 'Resource Parameter'),
      RFC6750_ERRORS,
    ],
    verdict: tokenRefused('other_resource', 'a token issued for another resource'),
  },
  {
    id: 'query-token-refused',
    title: 'A token in the query string is refused',
    severity: 'medium',
    rationale: 'Tokens in URLs leak into logs, proxies and Referer headers; MCP forbids them.',
    specRefs: [...mcpBoth('access-token-usage', 'Access Token Usage'), rfc(6750, '2.3', 'URI Query Parameter')],
    verdict: queryTokenRefused,
  },
];

/** The finding ids, in catalog order. */
export const AUTH_POSTURE_FINDING_IDS: readonly string[] = AUTH_POSTURE_CATALOG.map((finding) => finding.id);
