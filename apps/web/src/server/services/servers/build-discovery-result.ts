import {
  classifyTool,
  decide,
  lintSurface,
  lintTools,
  summarizeSurfaceLint,
  type ExecPolicy,
  type ServerSurface,
  type ToolDescriptor,
} from '@mcptest/core';
import type { DiscoverServerResult, DiscoveredTool, DiscoveryChanges, StoredDiscovery } from './discovery-schemas';

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
 * A discovery as the API and the UI show it, from the stored lists: every tool classified and decided under `policy`,
 * the descriptors linted. Pure: the fresh discovery and the saved one (read back later, possibly under a changed
 * policy) are built the same way.
 */
export function buildDiscoveryResult<C extends DiscoveryChanges | null>(input: {
  serverId: string;
  discoveredAt: Date;
  stored: StoredDiscovery;
  policy: ExecPolicy;
  changes: C;
  warnings: string[];
}): Omit<DiscoverServerResult, 'changes'> & { changes: C } {
  const { stored, policy } = input;
  const tools = stored.tools as ToolDescriptor[];
  const findings = lintTools(tools, policy);
  const surface: ServerSurface = {
    format: 1,
    serverInfo: stored.serverInfo,
    protocolVersion: stored.protocolVersion,
    instructions: stored.instructions ?? null,
    tools,
    toolsTruncated: stored.toolsTruncated,
    resources: stored.resources,
    resourceTemplates: stored.resourceTemplates,
    prompts: stored.prompts,
  };
  const surfaceFindings = lintSurface(surface, policy);
  return {
    serverId: input.serverId,
    discoveredAt: input.discoveredAt.toISOString(),
    server: {
      name: stored.serverInfo.name,
      version: stored.serverInfo.version,
      protocolVersion: stored.protocolVersion,
      transport: stored.transport,
    },
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
    surfaceLints: { summary: summarizeSurfaceLint(surfaceFindings), findings: surfaceFindings },
    changes: input.changes,
    warnings: input.warnings,
  };
}
