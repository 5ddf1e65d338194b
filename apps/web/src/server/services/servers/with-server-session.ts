import {
  createSafeFetch,
  isSessionError,
  openSession,
  SsrfRefusedError,
  type McpSession,
  type SessionFetch,
} from '@mcptest/mcp';
import { ApiError } from '../../api/api-error';
import type { ServiceDeps } from '../service-deps';
import type { ServerTransportName } from './server-schemas';

/** Discovery and connection tests answer a request, so they are bounded well below any proxy timeout. */
const CONNECT_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 15_000;

/** Where and how to reach a registered server, headers already decrypted. */
export interface ServerTarget {
  url: string;
  transport: ServerTransportName;
  headers: Record<string, string> | undefined;
}

/**
 * Opens an MCP session to a registered server (SSRF-safe fetch, its decrypted headers), runs `use`, and always closes
 * the session and the fetch. A connection refused by the private-network rules is rethrown as the SsrfRefusedError
 * (400 `url_refused` naming the rule); a session failure becomes a 503 `unavailable` whose message starts with `what`
 * ("discovery failed: ...") and whose details carry the session error's code as `reason` (messages are already free of
 * header values). Anything else `use` throws passes through.
 */
export async function withServerSession<T>(
  deps: Pick<ServiceDeps, 'allowPrivateNetworks'>,
  target: ServerTarget,
  what: 'discovery' | 'connection test',
  use: (session: McpSession) => Promise<T>,
): Promise<T> {
  const safeFetch = createSafeFetch({ allowPrivateNetworks: deps.allowPrivateNetworks });
  let refused: SsrfRefusedError | undefined;
  // The session reports a refusal as "could not connect"; keeping the error itself lets the API name the rule.
  const fetch: SessionFetch = async (url, init) => {
    try {
      return await safeFetch(url, init);
    } catch (error) {
      if (error instanceof SsrfRefusedError) refused ??= error;
      throw error;
    }
  };
  try {
    const session = await openSession({
      url: target.url,
      transport: target.transport,
      ...(target.headers ? { headers: target.headers } : {}),
      fetch,
      clientInfo: { name: 'mcptest-discovery', version: '0.1.0' },
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    });
    try {
      return await use(session);
    } finally {
      await session.close().catch(() => undefined);
    }
  } catch (error) {
    if (refused) throw refused;
    if (isSessionError(error)) {
      throw new ApiError('unavailable', `${what} failed: ${error.message}`, { reason: error.code });
    }
    throw error;
  } finally {
    await safeFetch.close();
  }
}
