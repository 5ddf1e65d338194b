import { classifyTool, decide, lintTools, type ExecPolicy, type ToolDescriptor } from '@mcptest/core';
import {
  createSafeFetch,
  isSessionError,
  openSession,
  SsrfRefusedError,
  type McpSession,
  type SessionFetch,
} from '@mcptest/mcp';
import { ApiError } from '../../api/api-error';
import { loadTenantPolicy } from '../policy/load-tenant-policy';
import type { Actor, ServiceDeps } from '../service-deps';
import {
  StoredDiscovery,
  type DiscoverServerResult,
  type DiscoveredTool,
  type DiscoveryChanges,
} from './discovery-schemas';
import { diffTools } from './diff-tools';
import { getServerOrThrow } from './get-server-or-throw';
import { recordServerAudit } from './record-server-audit';
import { openServerHeaders } from './server-headers';
import { fromDbTransport } from './server-schemas';

/** Discovery answers an API request, so it is bounded well below any proxy timeout. */
const CONNECT_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 15_000;
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
      warnings.push(`${what} failed: ${describeError(error)}`);
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

/**
 * Connects to the server (SSRF-safe fetch, decrypted headers) and reads its lists. A connection refused by the
 * private-network rules is rethrown as the SsrfRefusedError (400 `url_refused` with the rule); any other failure is a
 * 503 `unavailable` carrying the session error's code and message (already free of header values).
 */
async function readServer(
  deps: Pick<ServiceDeps, 'allowPrivateNetworks'>,
  target: { url: string; transport: 'auto' | 'http' | 'sse'; headers: Record<string, string> | undefined },
): Promise<{ stored: StoredDiscovery; warnings: string[] }> {
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
      const warnings: string[] = [];
      const signal = AbortSignal.timeout(TOTAL_TIMEOUT_MS);
      const listed = await session.listAllTools(
        { maxPages: MAX_TOOL_PAGES },
        { timeoutMs: REQUEST_TIMEOUT_MS, signal },
      );
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
    } finally {
      await session.close().catch(() => undefined);
    }
  } catch (error) {
    if (refused) throw refused;
    if (isSessionError(error)) {
      throw new ApiError('unavailable', `discovery failed: ${error.message}`, { reason: error.code });
    }
    throw error;
  } finally {
    await safeFetch.close();
  }
}

function classify(tools: readonly ToolDescriptor[], policy: ExecPolicy): DiscoveredTool[] {
  return tools.map((tool) => {
    const classification = classifyTool(tool, policy);
    const live = decide(classification.class, 'live', policy);
    const generate = decide(classification.class, 'generate', policy);
    return {
      name: tool.name,
      title: typeof tool.title === 'string' ? tool.title : null,
      description: typeof tool.description === 'string' ? tool.description : null,
      class: classification.class,
      source: classification.source,
      reason: classification.reason,
      live: live.decision,
      liveReason: live.reason?.message ?? null,
      generate: generate.decision,
      generateReason: generate.reason?.message ?? null,
      descriptor: tool,
    };
  });
}

/**
 * Discovers a server's tools (and resources and prompts when it declares them), classifies every tool under the
 * tenant's exec policy (class, its source, live and generate decisions), lints the descriptors, and reports what
 * changed since the previous discovery. The lists are stored on the server (`discovery`, `discoveredAt`). No tool is
 * called.
 */
export async function discoverServer(deps: ServiceDeps, actor: Actor, serverId: string): Promise<DiscoverServerResult> {
  const row = await getServerOrThrow(deps, actor, serverId);
  const { policy } = await loadTenantPolicy(deps, actor.tenantId);
  let headers: Record<string, string> | undefined;
  try {
    headers = openServerHeaders(deps, actor.tenantId, row);
  } catch (error) {
    // The message names the key id or the failure, never the secret.
    throw new ApiError(
      'conflict',
      `the server's headers cannot be decrypted (${describeError(error)}); set them again with PATCH /servers/{id}`,
    );
  }
  const { stored, warnings } = await readServer(deps, {
    url: row.url,
    transport: fromDbTransport(row.transport),
    headers,
  });

  const db = deps.db.tenant(actor.tenantId);
  const previousRow = await db.server.findFirst({
    where: { id: serverId },
    select: { discovery: true, discoveredAt: true },
  });
  const previous = StoredDiscovery.safeParse(previousRow?.discovery);
  const tools = stored.tools as ToolDescriptor[];
  const changes: DiscoveryChanges = {
    previousDiscoveredAt: previous.success && previousRow?.discoveredAt ? previousRow.discoveredAt.toISOString() : null,
    ...diffTools(previous.success ? (previous.data.tools as ToolDescriptor[]) : [], tools),
  };
  const discoveredAt = deps.now();
  await db.server.updateMany({
    where: { id: serverId },
    data: { discovery: stored as unknown as JsonObject, discoveredAt },
  });

  const findings = lintTools(tools, policy);
  await recordServerAudit(deps, actor, 'server.discover', serverId, {
    tools: tools.length,
    added: changes.added.length,
    removed: changes.removed.length,
    changed: changes.changed.length,
  });
  return {
    serverId,
    discoveredAt: discoveredAt.toISOString(),
    server: { ...stored.serverInfo, protocolVersion: stored.protocolVersion, transport: stored.transport },
    policy: { annotation_trust: policy.annotation_trust, execute_destructive: policy.execute_destructive },
    tools: classify(tools, policy),
    toolsTruncated: stored.toolsTruncated,
    resources: stored.resources,
    resourceTemplates: stored.resourceTemplates,
    prompts: stored.prompts,
    lints: {
      summary: {
        errors: findings.filter((f) => f.severity === 'error').length,
        warnings: findings.filter((f) => f.severity === 'warning').length,
        infos: findings.filter((f) => f.severity === 'info').length,
      },
      findings,
    },
    changes,
    warnings,
  };
}
