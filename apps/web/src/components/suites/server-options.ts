// How the suite form lists a project's servers: pure functions, so the choice is tested without a page.

/** A server as the suite form offers it. */
export interface SuiteFormServer {
  id: string;
  name: string;
  /** The server's URL (already redacted for roles that may not see it whole). */
  url: string;
  discovered: boolean;
}

/**
 * Where the server is, short: host and path ("api.example.com/mcp"), never credentials or a query string. Two servers
 * may share a name (staging and production), so the option shows this beside the name.
 */
export function serverWhere(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.host}${path}`;
  } catch {
    return url;
  }
}

/** "weather — api.example.com/mcp (not discovered)" */
export function serverOptionLabel(server: SuiteFormServer): string {
  return `${server.name} — ${serverWhere(server.url)}${server.discovered ? '' : ' (not discovered)'}`;
}

/**
 * The server a new suite starts on: the one the link named, else the first discovered one (its tools make the example
 * and the starter suite), else the first. An undiscovered server is a poor default: its example calls no real tool.
 */
export function defaultServer<T extends SuiteFormServer>(servers: readonly T[], wanted?: string): T | undefined {
  return servers.find((s) => s.id === wanted) ?? servers.find((s) => s.discovered) ?? servers[0];
}
