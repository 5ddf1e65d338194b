import { diffSurface, type ServerSurface } from '@mcptest/core';
import { readSurface, SurfaceInvalidError, type McpSession } from '@mcptest/mcp';
import { ApiError } from '@/server/api/api-error';
import { loadTenantPolicy } from '@/server/services/policy/load-tenant-policy';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { buildDiscoveryResult } from './build-discovery-result';
import { StoredDiscovery, type DiscoverServerResult, type DiscoveryChanges } from './discovery-schemas';
import { loadServerTarget } from './load-server-target';
import { recordDiscoveredSurface } from './record-discovered-surface';
import { recordServerAudit } from './record-server-audit';
import { REQUEST_TIMEOUT_MS, withServerSession } from './with-server-session';

/** The whole discovery after connecting: every list request shares this deadline. */
const TOTAL_TIMEOUT_MS = 45_000;
/** tools/list pages read (a server with more is reported as truncated). */
const MAX_TOOL_PAGES = 20;

type JsonObject = { [key: string]: JsonValue };
type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** Reads the server's surface in one session; lists that are not valid MCP are a 503 `protocol_error`. */
async function readLists(
  session: McpSession,
): Promise<{ stored: StoredDiscovery; surface: ServerSurface; warnings: string[] }> {
  let read;
  try {
    read = await readSurface(session, {
      maxToolPages: MAX_TOOL_PAGES,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      signal: AbortSignal.timeout(TOTAL_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof SurfaceInvalidError) {
      throw new ApiError('unavailable', `discovery failed: ${error.message}`, { reason: 'protocol_error' });
    }
    throw error;
  }
  const { surface, warnings } = read;
  const stored: StoredDiscovery = {
    format: 1,
    serverInfo: { name: surface.serverInfo.name, version: surface.serverInfo.version },
    protocolVersion: surface.protocolVersion,
    transport: session.transport === 'sse' ? 'sse' : 'http',
    tools: surface.tools,
    toolsTruncated: surface.toolsTruncated,
    resources: surface.resources,
    resourceTemplates: surface.resourceTemplates,
    prompts: surface.prompts,
  };
  return { stored, surface, warnings };
}

/**
 * Discovers a server's tools (and resources and prompts when it declares them), classifies every tool under the
 * tenant's exec policy (class, its source, live and generate decisions), lints the descriptors, and reports what
 * changed since the previous discovery. The lists are stored on the server (`discovery`, `discoveredAt`) with the
 * changes and warnings, so the server's page can show the last discovery as it was found. No tool is called.
 */
export async function discoverServer(deps: ServiceDeps, actor: Actor, serverId: string): Promise<DiscoverServerResult> {
  const { row, target } = await loadServerTarget(deps, actor, serverId);
  const { policy } = await loadTenantPolicy(deps, actor.tenantId);
  const { stored, surface, warnings } = await withServerSession(deps, actor.tenantId, target, 'discovery', readLists);

  const db = deps.db.tenant(actor.tenantId);
  const previousRow = await db.server.findFirst({
    where: { id: serverId },
    select: { discovery: true, discoveredAt: true },
  });
  const previous = StoredDiscovery.safeParse(previousRow?.discovery);
  // The tool part of core's surface diff (the one home of surface diffs); no previous discovery: every tool is added.
  const { tools } = diffSurface(
    previous.success ? { ...surface, tools: previous.data.tools } : { ...surface, tools: [] },
    surface,
    {
      policy,
    },
  );
  const changes: DiscoveryChanges = {
    previousDiscoveredAt: previous.success && previousRow?.discoveredAt ? previousRow.discoveredAt.toISOString() : null,
    added: tools.added,
    removed: tools.removed,
    changed: tools.changed.map(({ name, fields }) => ({ name, fields })),
  };
  const changedNames = new Set(changes.changed.map((change) => change.name));
  const changedFrom = previous.success ? previous.data.tools.filter((tool) => changedNames.has(tool.name)) : [];
  const discoveredAt = deps.now();
  const toStore: StoredDiscovery = { ...stored, changes, warnings, changedFrom };
  await db.server.updateMany({
    where: { id: serverId },
    data: { discovery: toStore as unknown as JsonObject, discoveredAt },
  });

  await recordDiscoveredSurface(deps, {
    tenantId: actor.tenantId,
    serverId,
    projectId: row.projectId,
    surface,
    policy,
    now: discoveredAt,
  });

  const result = buildDiscoveryResult({ serverId, discoveredAt, stored, policy, changes, warnings });
  await recordServerAudit(deps, actor, 'server.discover', serverId, {
    tools: result.tools.length,
    added: changes.added.length,
    removed: changes.removed.length,
    changed: changes.changed.length,
  });
  return result;
}
