/** `localhost`, `*.localhost` (RFC 6761) and the loopback literals: the only hosts an http: OAuth endpoint may have. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** A URL an OAuth document names, judged as an endpoint mcptest would send credentials or a user to. */
export type OAuthEndpointCheck = { ok: true; url: URL } | { ok: false; message: string };

/**
 * Checks a URL a metadata document names (issuer, authorization, token and registration endpoints). The MCP spec
 * asks every authorization-server endpoint to be https; plain http is accepted on loopback only (RFC 8252 §8.3's
 * exception, which is how a developer's local authorization server and the tests' run), and only where the
 * address rules let mcptest reach loopback at all (the safe fetch decides that). No credentials or fragment in it
 * (RFC 8414 §2 for endpoints, §3 for the issuer).
 */
export function checkOAuthEndpointUrl(value: string): OAuthEndpointCheck {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: `${JSON.stringify(value)} is not an absolute URL` };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    return { ok: false, message: `${value} is not https (plain http is accepted only on loopback)` };
  if (url.username !== '' || url.password !== '') return { ok: false, message: `${url.host}: credentials in the URL` };
  if (url.hash !== '') return { ok: false, message: `${value} has a fragment` };
  return { ok: true, url };
}
