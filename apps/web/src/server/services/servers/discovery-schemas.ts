import {
  AnnotationTrust,
  COMPARED_TOOL_FIELDS,
  SURFACE_LINT_RULES,
  ToolClass,
  type SurfaceLintRuleId,
} from '@mcptest/core';
import { z } from 'zod';

export const DiscoveryChanges = z.object({
  /** When the discovery compared against ran; null on the first discovery (every tool is then "added"). */
  previousDiscoveredAt: z.iso.datetime().nullable(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.object({ name: z.string(), fields: z.array(z.enum(COMPARED_TOOL_FIELDS)) })),
});
export type DiscoveryChanges = z.infer<typeof DiscoveryChanges>;

/** What Server.discovery holds: the lists as the server sent them, so the next discovery can compare. */
export const StoredDiscovery = z.object({
  format: z.literal(1),
  /** As the server sent it (title, description, websiteUrl... kept: the security lint reads them). */
  serverInfo: z.looseObject({ name: z.string(), version: z.string() }),
  protocolVersion: z.string(),
  transport: z.enum(['http', 'sse']),
  /** The server's instructions (null: none); absent in discoveries stored before they were kept. */
  instructions: z.string().nullable().optional(),
  tools: z.array(z.looseObject({ name: z.string() })),
  toolsTruncated: z.boolean(),
  resources: z.array(z.looseObject({ uri: z.string() })),
  resourceTemplates: z.array(z.looseObject({ uriTemplate: z.string() })),
  prompts: z.array(z.looseObject({ name: z.string() })),
  /**
   * What this discovery found changed against the one before, and the lists it could not read: kept so the server's
   * page shows them after a reload, not only in the response. Optional: discoveries stored before these were kept.
   */
  changes: DiscoveryChanges.optional(),
  warnings: z.array(z.string()).optional(),
  /** The previous descriptors of the tools in `changes.changed`, so the page can show what changed, not only where. */
  changedFrom: z.array(z.looseObject({ name: z.string() })).optional(),
});
export type StoredDiscovery = z.infer<typeof StoredDiscovery>;

const DecisionKind = z.enum(['Execute', 'ExecuteOnce', 'GenerateOnly', 'Refuse']);

export const DiscoveredTool = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  class: ToolClass,
  /** Which rule decided the class: override (tenant policy), annotation, meta (`_meta` hint) or name (heuristic). */
  source: z.enum(['override', 'annotation', 'meta', 'name']),
  reason: z.string(),
  /** What a suite's live call of the tool does under the tenant's policy. */
  live: DecisionKind,
  liveReason: z.string().nullable(),
  /** What generating a test for the tool does under the tenant's policy. */
  generate: DecisionKind,
  generateReason: z.string().nullable(),
  /** The descriptor as the server sent it (inputSchema, annotations, _meta...). */
  descriptor: z.record(z.string(), z.unknown()),
});
export type DiscoveredTool = z.infer<typeof DiscoveredTool>;

export const LintFindingResource = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  tool: z.string(),
  index: z.int(),
  field: z.string().optional(),
  message: z.string(),
});

/** One finding of the security lint (`lintSurface`, docs/health.md): hidden characters written out in `excerpt`. */
export const SurfaceLintFindingResource = z.object({
  rule: z.enum(Object.keys(SURFACE_LINT_RULES) as [SurfaceLintRuleId, ...SurfaceLintRuleId[]]),
  severity: z.enum(['error', 'warning', 'info']),
  location: z.object({
    kind: z.enum(['serverInfo', 'instructions', 'tool', 'prompt', 'resource', 'resourceTemplate']),
    name: z.string(),
    field: z.string(),
  }),
  message: z.string(),
  excerpt: z.string().optional(),
});

export const DiscoverServerResult = z.object({
  serverId: z.string(),
  discoveredAt: z.iso.datetime(),
  server: z.object({
    name: z.string(),
    version: z.string(),
    protocolVersion: z.string(),
    transport: z.enum(['http', 'sse']),
  }),
  /** The knobs of the tenant's policy that decided classes and decisions. */
  policy: z.object({ annotation_trust: AnnotationTrust, execute_destructive: z.boolean() }),
  tools: z.array(DiscoveredTool),
  /** True when tools/list had more pages than discovery reads. */
  toolsTruncated: z.boolean(),
  resources: z.array(z.looseObject({ uri: z.string() })),
  resourceTemplates: z.array(z.looseObject({ uriTemplate: z.string() })),
  prompts: z.array(z.looseObject({ name: z.string() })),
  lints: z.object({
    summary: z.object({ errors: z.int(), warnings: z.int(), infos: z.int() }),
    findings: z.array(LintFindingResource),
  }),
  /** The security lint of everything the server tells an agent (tools, prompts, resources, instructions, info). */
  surfaceLints: z.object({
    summary: z.object({ errors: z.int(), warnings: z.int(), infos: z.int() }),
    findings: z.array(SurfaceLintFindingResource),
  }),
  changes: DiscoveryChanges,
  /** Lists that could not be read (resources/list failing does not fail discovery). */
  warnings: z.array(z.string()),
});
export type DiscoverServerResult = z.infer<typeof DiscoverServerResult>;

/**
 * The last discovery as stored, classified and linted again under the tenant's CURRENT policy (so a policy change shows
 * at once). `changes` is null for a discovery stored before changes were kept.
 */
export const SavedDiscovery = DiscoverServerResult.extend({
  changes: DiscoveryChanges.nullable(),
  /** The descriptors the changed tools had before this discovery (empty when unknown). */
  changedFrom: z.array(z.looseObject({ name: z.string() })),
});
export type SavedDiscovery = z.infer<typeof SavedDiscovery>;

/** A connection test: the MCP handshake only (initialize), nothing listed, nothing stored. */
export const ServerConnectionResult = z.object({
  serverId: z.string(),
  testedAt: z.iso.datetime(),
  /** From opening the connection to the end of the handshake. */
  durationMs: z.int(),
  server: z.object({
    name: z.string(),
    version: z.string(),
    protocolVersion: z.string(),
    /** What the server answered on (what `auto` picked). */
    transport: z.enum(['http', 'sse']),
  }),
  /** Capabilities the server declared (tools, resources, prompts, logging, completions...). */
  capabilities: z.array(z.string()),
  instructions: z.string().nullable(),
});
export type ServerConnectionResult = z.infer<typeof ServerConnectionResult>;
