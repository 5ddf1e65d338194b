import type { ToolDescriptor } from '@mcptest/core';
import type { McpSession } from '@mcptest/mcp';
import { ApiError } from '@/server/api/api-error';
import { loadTenantPolicy } from '@/server/services/policy/load-tenant-policy';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { buildDiscoveryResult } from './build-discovery-result';
import { StoredDiscovery, type DiscoverServerResult, type DiscoveryChanges } from './discovery-schemas';
import { diffTools } from './diff-tools';
import { loadServerTarget } from './load-server-target';
import { recordServerAudit } from './record-server-audit';
import { REQUEST_TIMEOUT_MS, withServerSession } from './with-server-session';

/** The whole discovery after connecting: every list request shares this deadline. */
const TOTAL_TIMEOUT_MS = 45_000;
/** tools/list pages read (a server with more is reported as truncated). */
const MAX_TOOL_PAGES = 20;

type JsonObject = { [key: string]: JsonValue };
type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** resources/list, resources/templates/list and prompts/list: one page each, only when declared; failures are notes. */
async function listExtras(session: McpSession, warnings: string[], signal: AbortSignal) {
  const caps = session.serverCapabilities;
  const options = { timeoutMs: REQUEST_TIMEOUT_MS, signal };
  const attempt = async <T>(what: string, declared: boolean, list: () => Promise<T[]>): Promise<T[]> => {
    if (!declared) return [];
    try {
      return await list();
    } catch (error) {
      // Session errors usually name the method already.
      const message = describeError(error);
      warnings.push(message.startsWith(what) ? message : `${what} failed: ${message}`);
      return [];
    }
  };
  const resources = await attempt('resources/list', caps.resources !== undefined, async () => {
    const page = await session.listResources({}, options);
    if (page.nextCursor !== undefined) warnings.push('resources/list has more pages; only the first was read');
    return page.resources;
  });
  const resourceTemplates = await attempt('resources/templates/list', caps.resources !== undefined, async () => {
    const page = await session.listResourceTemplates({}, options);
    return page.resourceTemplates;
  });
  const prompts = await attempt('prompts/list', caps.prompts !== undefined, async () => {
    const page = await session.listPrompts({}, options);
    if (page.nextCursor !== undefined) warnings.push('prompts/list has more pages; only the first was read');
    return page.prompts;
  });
  return { resources, resourceTemplates, prompts };
}

/** Reads the server's lists in one session; lists that are not valid MCP are a 503 `protocol_error`. */
async function readLists(session: McpSession): Promise<{ stored: StoredDiscovery; warnings: string[] }> {
  const warnings: string[] = [];
  const signal = AbortSignal.timeout(TOTAL_TIMEOUT_MS);
  const listed = await session.listAllTools({ maxPages: MAX_TOOL_PAGES }, { timeoutMs: REQUEST_TIMEOUT_MS, signal });
  if (listed.truncated) warnings.push(`tools/list has more than ${MAX_TOOL_PAGES} pages; the rest were not read`);
  const extras = await listExtras(session, warnings, signal);
  const raw = {
    format: 1,
    serverInfo: { name: session.serverInfo.name, version: session.serverInfo.version },
    protocolVersion: session.protocolVersion,
    transport: session.transport === 'sse' ? 'sse' : 'http',
    tools: listed.tools,
    toolsTruncated: listed.truncated,
    ...extras,
  };
  // Through JSON first: what is stored and compared next time is exactly what the database gives back.
  const stored = StoredDiscovery.safeParse(JSON.parse(JSON.stringify(raw)));
  if (!stored.success) {
    const issue = stored.error.issues[0];
    throw new ApiError(
      'unavailable',
      `discovery failed: the server's lists are not valid MCP (${issue?.path.join('.')}: ${issue?.message})`,
      {
        reason: 'protocol_error',
      },
    );
  }
  return { stored: stored.data, warnings };
}

/**
 * Discovers a server's tools (and resources and prompts when it declares them), classifies every tool under the
 * tenant's exec policy (class, its source, live and generate decisions), lints the descriptors, and reports what
 * changed since the previous discovery. The lists are stored on the server (`discovery`, `discoveredAt`) with the
 * changes and warnings, so the server's page can show the last discovery as it was found. No tool is called.
 */
export async function discoverServer(deps: ServiceDeps, actor: Actor, serverId: string): Promise<DiscoverServerResult> {
  const { target } = await loadServerTarget(deps, actor, serverId);
  const { policy } = await loadTenantPolicy(deps, actor.tenantId);
  const { stored, warnings } = await withServerSession(deps, actor.tenantId, target, 'discovery', readLists);

  const db = deps.db.tenant(actor.tenantId);
  const previousRow = await db.server.findFirst({
    where: { id: serverId },
    select: { discovery: true, discoveredAt: true },
  });
  const previous = StoredDiscovery.safeParse(previousRow?.discovery);
  const changes: DiscoveryChanges = {
    previousDiscoveredAt: previous.success && previousRow?.discoveredAt ? previousRow.discoveredAt.toISOString() : null,
    ...diffTools(previous.success ? (previous.data.tools as ToolDescriptor[]) : [], stored.tools as ToolDescriptor[]),
  };
  const changedNames = new Set(changes.changed.map((change) => change.name));
  const changedFrom = previous.success ? previous.data.tools.filter((tool) => changedNames.has(tool.name)) : [];
  const discoveredAt = deps.now();
  const toStore: StoredDiscovery = { ...stored, changes, warnings, changedFrom };
  await db.server.updateMany({
    where: { id: serverId },
    data: { discovery: toStore as unknown as JsonObject, discoveredAt },
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
