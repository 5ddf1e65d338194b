import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import { tenantOutboundFetch } from '@/server/services/servers/tenant-outbound-fetch';
import { probeOAuthChallenge } from './probe-oauth-challenge';

/** A page view asks again at most this often (the probe is a request to the tenant's server). */
const CACHE_SECONDS = 300;
/** The page waits this long at most for the probe: an unreachable server must not hold its page up. */
const DETECT_TIMEOUT_MS = 3_000;

/** Where the answer is remembered (dropped when the server's URL changes). */
export const serverOAuthDetectKey = (prefix: string, serverId: string) => `${prefix}:oauth:detect:${serverId}`;

/**
 * Whether the server is behind OAuth, for its page ("This server uses OAuth — Connect"): it answers an initialize
 * without credentials with 401 and a `WWW-Authenticate: Bearer` challenge. The answer is kept 5 minutes per server; a
 * server that cannot be reached (or an address refused) is simply not detected (the connection test says why).
 */
export async function detectServerOAuth(deps: ServiceDeps, actor: Actor, serverId: string): Promise<boolean> {
  const key = serverOAuthDetectKey(deps.prefix, serverId);
  const cached = await deps.redis.get(key);
  if (cached !== null) return cached === '1';
  const row = await getServerOrThrow(deps, actor, serverId);
  let detected: boolean;
  try {
    detected =
      (await probeOAuthChallenge(await tenantOutboundFetch(deps, actor.tenantId), row.url, DETECT_TIMEOUT_MS)) !==
      undefined;
  } catch {
    detected = false;
  }
  await deps.redis.set(key, detected ? '1' : '0', 'EX', CACHE_SECONDS);
  return detected;
}
