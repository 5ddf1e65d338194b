import { LEGACY_PROTOCOL_VERSIONS } from '@mcptest/core';
import { parseBearerChallenge, type FetchLike } from '@mcptest/mcp';

/** Default wait for the probe's answer (Connect); a page's detection passes a shorter one. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Asks the server, without credentials, to initialize, and answers the `WWW-Authenticate` header of its 401 when that
 * carries a Bearer challenge (the MCP spec's signal that it is behind OAuth, with `resource_metadata` and `scope`), else
 * undefined. The one request goes through `fetch` (the tenant's SSRF-safe fetch); its body is not read further.
 */
export async function probeOAuthChallenge(
  fetch: FetchLike,
  serverUrl: string,
  timeoutMs: number = PROBE_TIMEOUT_MS,
): Promise<string | undefined> {
  const response = await fetch(serverUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        // Any version: a protected server answers 401 before it reads the body.
        protocolVersion: LEGACY_PROTOCOL_VERSIONS[0],
        capabilities: {},
        clientInfo: { name: 'mcptest-oauth-probe', version: '0.1.0' },
      },
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel().catch(() => undefined);
  if (response.status !== 401) return undefined;
  const header = response.headers.get('www-authenticate');
  if (header === null) return undefined;
  return (await parseBearerChallenge(header)) === undefined ? undefined : header;
}
