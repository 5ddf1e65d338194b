import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { ServerConnectionResult } from './discovery-schemas';
import { loadServerTarget } from './load-server-target';
import { withServerSession } from './with-server-session';

/**
 * Tests that a registered server answers the MCP handshake: opens a session with its headers (SSRF-safe), reads what
 * initialize said (server name and version, protocol version, transport picked, declared capabilities) and closes.
 * Nothing is listed, called or stored, so a member can check a URL or a new header before discovering. Failures are
 * the same as discovery's: 400 `url_refused` with the rule, 503 `unavailable` with the session error's `reason`, 409
 * for headers that cannot be decrypted.
 */
export async function testServerConnection(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
): Promise<ServerConnectionResult> {
  const { target } = await loadServerTarget(deps, actor, serverId);
  const testedAt = deps.now();
  const started = performance.now();
  return withServerSession(deps, actor.tenantId, target, 'connection test', async (session) => ({
    serverId,
    testedAt: testedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    server: {
      name: session.serverInfo.name,
      version: session.serverInfo.version,
      protocolVersion: session.protocolVersion,
      transport: session.transport === 'sse' ? 'sse' : 'http',
    },
    capabilities: Object.keys(session.serverCapabilities).sort(),
    instructions: session.instructions ?? null,
  }));
}
