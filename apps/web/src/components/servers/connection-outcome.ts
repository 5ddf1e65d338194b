import type { DiscoveryChanges, ServerConnectionResult } from '@/server/services/servers/discovery-schemas';

/** Why a connection test or discovery did not get through, as the panel explains it. */
export interface ConnectionFailure {
  kind: 'failed';
  what: 'connection test' | 'discovery';
  /** The API's error code: unavailable, url_refused, conflict... */
  code: string;
  /** The session error's code (connect_failed, timeout, protocol_error...) or the network rule that refused. */
  reason: string | null;
  message: string;
}

/**
 * What the "Test connection" and "Discover tools" buttons get back from their actions: plain data for the client panel
 * (a failure to reach the server is an outcome to explain, not a form error).
 */
export type ConnectionOutcome =
  | { kind: 'connected'; result: ServerConnectionResult }
  | {
      kind: 'discovered';
      server: ServerConnectionResult['server'];
      discoveredAt: string;
      durationMs: number;
      toolCount: number;
      changes: DiscoveryChanges;
    }
  | ConnectionFailure;

/** What to check next, for each way a connection fails. */
export function failureHint(failure: ConnectionFailure): string {
  if (failure.code === 'url_refused') {
    return 'mcptest only connects to public addresses (plus the private networks your operator allowed). Use the server’s public URL.';
  }
  switch (failure.reason) {
    case 'authorization_expired':
      return 'The authorization server no longer renews this server’s OAuth token: Connect it again under Authorization on this page.';
    case 'authorization_failed':
      return 'mcptest could not renew the server’s OAuth token (the authorization server did not answer); retry in a moment.';
    case 'insufficient_scope':
      return 'The server asks for a scope the connection was not granted: Connect it again under Authorization, asking for that scope.';
  }
  if (failure.code === 'conflict') return 'Set the server’s headers again below, then retry.';
  switch (failure.reason) {
    case 'oauth_required':
      return 'This server uses OAuth — Connect it under Authorization on this page; discovery and runs then send its token.';
    case 'connect_failed':
      return 'Check that the URL is right and reachable from where mcptest runs, that the server is running, and that any authentication header is set.';
    case 'timeout':
      return 'The server did not answer in time (15 s per request). Is it overloaded or waiting on something?';
    case 'protocol_error':
      return 'Something answered, but not as an MCP server: check the path (often /mcp or /sse) and the transport.';
    case 'transport_error':
    case 'connection_lost':
      return 'The connection broke mid-way. If the server needs authentication, check the header; otherwise retry.';
    case 'request_failed':
      return 'The server answered a list request with an error; see its logs.';
    default:
      return 'Retry in a moment; if it keeps failing, check the server’s logs.';
  }
}
