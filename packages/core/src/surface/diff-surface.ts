import microdiff from 'microdiff';
import { z } from 'zod';
import { classifyTool } from '../policy/classify-tool';
import { defaultExecPolicy, type ExecPolicy } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { canonicalJson } from '../util/canonical-json';
import { isRecord } from '../util/is-record';
import type { ServerSurface } from './server-surface';

/**
 * One difference inside a JSON value: `path` is where (`properties.q.type`, `required[1]`, `""` for the whole value),
 * `before` is absent for `added`, `after` absent for `removed`.
 */
export const JsonChange = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type JsonChange = z.infer<typeof JsonChange>;

/**
 * The descriptor fields whose change is reported by name: what a test, the exec policy or an agent depends on.
 * `other` is every remaining field (execution, icons...), so no change that moves the hash goes unreported.
 */
export const COMPARED_TOOL_FIELDS = [
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
  '_meta',
  'other',
] as const;
export type ComparedToolField = (typeof COMPARED_TOOL_FIELDS)[number];

const TextChange = z.object({ before: z.unknown().optional(), after: z.unknown().optional() });

export const ToolChange = z.object({
  name: z.string(),
  fields: z.array(z.enum(COMPARED_TOOL_FIELDS)),
  /** The texts before and after, whole: what a reviewer reads to judge a rewrite. */
  title: TextChange.optional(),
  description: TextChange.optional(),
  /** The JSON differences of each structured field that changed. */
  inputSchema: z.array(JsonChange).optional(),
  outputSchema: z.array(JsonChange).optional(),
  annotations: z.array(JsonChange).optional(),
  _meta: z.array(JsonChange).optional(),
  other: z.array(JsonChange).optional(),
});
export type ToolChange = z.infer<typeof ToolChange>;

/** Resources (by uri), resource templates (by uriTemplate) and prompts (by name). */
export const ItemListDiff = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.object({ key: z.string(), changes: z.array(JsonChange) })),
});
export type ItemListDiff = z.infer<typeof ItemListDiff>;

export const SurfaceAlertKind = z.enum(['no_longer_read_only', 'became_destructive', 'destructive_added']);
export type SurfaceAlertKind = z.infer<typeof SurfaceAlertKind>;

/** A change that alters what calling a tool may do: shown loudly everywhere the diff is shown. */
export const SurfaceAlert = z.object({ tool: z.string(), kind: SurfaceAlertKind, message: z.string() });
export type SurfaceAlert = z.infer<typeof SurfaceAlert>;

const ValueChange = z.object({ before: z.unknown(), after: z.unknown() });

/** What changed between two recordings of a server's surface (docs/health.md). Stored as SurfaceChange.diff. */
export const SurfaceDiff = z.object({
  /** False when the two surfaces are canonically equal (then every list below is empty). */
  changed: z.boolean(),
  tools: z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(ToolChange) }),
  resources: ItemListDiff,
  resourceTemplates: ItemListDiff,
  prompts: ItemListDiff,
  instructions: ValueChange.nullable(),
  serverInfo: z.array(JsonChange),
  protocolVersion: ValueChange.nullable(),
  toolsTruncated: ValueChange.nullable(),
  /** True when `alerts` is not empty. */
  loud: z.boolean(),
  alerts: z.array(SurfaceAlert),
});
export type SurfaceDiff = z.infer<typeof SurfaceDiff>;

export interface DiffSurfaceOptions {
  /** The policy whose classifier decides "read-only" and "destructive" (the tenant's; the default policy if absent). */
  policy?: ExecPolicy;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (IDENTIFIER.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

/**
 * The differences between two JSON values (microdiff, key order ignored, arrays by index). A value that is not an
 * object or array on either side is one `changed` entry at `""`.
 */
export function diffJson(before: unknown, after: unknown): JsonChange[] {
  if (canonicalJson(before) === canonicalJson(after)) return [];
  if (before === undefined) return [{ path: '', kind: 'added', after }];
  if (after === undefined) return [{ path: '', kind: 'removed', before }];
  const container = (value: unknown) => isRecord(value) || Array.isArray(value);
  if (!container(before) || !container(after) || Array.isArray(before) !== Array.isArray(after)) {
    return [{ path: '', kind: 'changed', before, after }];
  }
  return microdiff(before as Record<string, unknown>, after as Record<string, unknown>).map((d) => {
    const path = formatPath(d.path);
    switch (d.type) {
      case 'CREATE':
        return { path, kind: 'added', after: d.value as unknown };
      case 'REMOVE':
        return { path, kind: 'removed', before: d.oldValue as unknown };
      case 'CHANGE':
        return { path, kind: 'changed', before: d.oldValue as unknown, after: d.value as unknown };
    }
  });
}

/** By key, the first of each key (a duplicate is a lint, not a second item here), in list order. */
function byKey<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}

function diffItems<T>(before: readonly T[], after: readonly T[], key: (item: T) => string): ItemListDiff {
  const a = byKey(before, key);
  const b = byKey(after, key);
  const changed: ItemListDiff['changed'] = [];
  for (const [k, item] of b) {
    const old = a.get(k);
    if (old === undefined) continue;
    const changes = diffJson(old, item);
    if (changes.length > 0) changed.push({ key: k, changes });
  }
  return {
    added: [...b.keys()].filter((k) => !a.has(k)),
    removed: [...a.keys()].filter((k) => !b.has(k)),
    changed,
  };
}

const NAMED_FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations', '_meta'] as const;

function otherFields(tool: ToolDescriptor): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...tool };
  for (const field of [...NAMED_FIELDS, 'name']) delete rest[field];
  return rest;
}

function diffTool(before: ToolDescriptor, after: ToolDescriptor): ToolChange | null {
  const change: ToolChange = { name: after.name, fields: [] };
  for (const field of ['title', 'description'] as const) {
    if (canonicalJson(before[field]) === canonicalJson(after[field])) continue;
    change.fields.push(field);
    change[field] = {
      ...(before[field] !== undefined ? { before: before[field] } : {}),
      ...(after[field] !== undefined ? { after: after[field] } : {}),
    };
  }
  for (const field of ['inputSchema', 'outputSchema', 'annotations', '_meta'] as const) {
    const changes = diffJson(before[field], after[field]);
    if (changes.length === 0) continue;
    change.fields.push(field);
    change[field] = changes;
  }
  const other = diffJson(otherFields(before), otherFields(after));
  if (other.length > 0) {
    change.fields.push('other');
    change.other = other;
  }
  return change.fields.length > 0 ? change : null;
}

function hint(tool: ToolDescriptor, name: 'readOnlyHint' | 'destructiveHint'): unknown {
  return isRecord(tool.annotations) ? tool.annotations[name] : undefined;
}

function isReadOnly(tool: ToolDescriptor, policy: ExecPolicy): boolean {
  return hint(tool, 'readOnlyHint') === true || classifyTool(tool, policy).class === 'ReadOnly';
}

function isDestructive(tool: ToolDescriptor, policy: ExecPolicy): boolean {
  return hint(tool, 'destructiveHint') === true || classifyTool(tool, policy).class === 'Destructive';
}

function alertsFor(
  before: Map<string, ToolDescriptor>,
  after: Map<string, ToolDescriptor>,
  policy: ExecPolicy,
): SurfaceAlert[] {
  const alerts: SurfaceAlert[] = [];
  for (const [name, tool] of after) {
    const old = before.get(name);
    if (old === undefined) {
      if (isDestructive(tool, policy)) {
        alerts.push({ tool: name, kind: 'destructive_added', message: `a destructive tool "${name}" appeared` });
      }
      continue;
    }
    if (isReadOnly(old, policy) && !isReadOnly(tool, policy)) {
      alerts.push({
        tool: name,
        kind: 'no_longer_read_only',
        message: `"${name}" was read-only and no longer is: calling it may now change state`,
      });
    }
    if (!isDestructive(old, policy) && isDestructive(tool, policy)) {
      alerts.push({ tool: name, kind: 'became_destructive', message: `"${name}" is now destructive` });
    }
  }
  return alerts;
}

function valueChange(before: unknown, after: unknown): { before: unknown; after: unknown } | null {
  return canonicalJson(before) === canonicalJson(after) ? null : { before, after };
}

/**
 * What changed from one recording of a server's surface to the next (docs/health.md): tools, resources, resource
 * templates and prompts added, removed or changed (with readable JSON diffs), and instructions, server info, protocol
 * version and truncation. `loud` flags the changes that alter what calling a tool may do: a tool that was read-only
 * (readOnlyHint true, or class ReadOnly under the policy) no longer is, a tool becomes destructive (destructiveHint
 * true, or class Destructive), or a destructive tool appears. Pure; names keep the order of the list they come from.
 */
export function diffSurface(
  before: ServerSurface,
  after: ServerSurface,
  options: DiffSurfaceOptions = {},
): SurfaceDiff {
  const policy = options.policy ?? defaultExecPolicy();
  const toolsBefore = byKey(before.tools, (t) => t.name);
  const toolsAfter = byKey(after.tools, (t) => t.name);
  const changedTools: ToolChange[] = [];
  for (const [name, tool] of toolsAfter) {
    const old = toolsBefore.get(name);
    const change = old === undefined ? null : diffTool(old, tool);
    if (change) changedTools.push(change);
  }
  const alerts = alertsFor(toolsBefore, toolsAfter, policy);
  const diff: SurfaceDiff = {
    changed: false,
    tools: {
      added: [...toolsAfter.keys()].filter((name) => !toolsBefore.has(name)),
      removed: [...toolsBefore.keys()].filter((name) => !toolsAfter.has(name)),
      changed: changedTools,
    },
    resources: diffItems(before.resources, after.resources, (r) => r.uri),
    resourceTemplates: diffItems(before.resourceTemplates, after.resourceTemplates, (r) => r.uriTemplate),
    prompts: diffItems(before.prompts, after.prompts, (p) => p.name),
    instructions: valueChange(before.instructions, after.instructions),
    serverInfo: diffJson(before.serverInfo, after.serverInfo),
    protocolVersion: valueChange(before.protocolVersion, after.protocolVersion),
    toolsTruncated: valueChange(before.toolsTruncated, after.toolsTruncated),
    loud: alerts.length > 0,
    alerts,
  };
  const lists = [diff.tools, diff.resources, diff.resourceTemplates, diff.prompts];
  diff.changed =
    lists.some((l) => l.added.length + l.removed.length + l.changed.length > 0) ||
    diff.instructions !== null ||
    diff.serverInfo.length > 0 ||
    diff.protocolVersion !== null ||
    diff.toolsTruncated !== null;
  return diff;
}

const SHOWN = 3;

function names(list: readonly string[]): string {
  const shown = list.slice(0, SHOWN).join(', ');
  return list.length > SHOWN ? `${shown} +${list.length - SHOWN} more` : shown;
}

function describeList(noun: string, list: { added: string[]; removed: string[] }, changed: string[]): string[] {
  const parts: string[] = [];
  if (list.added.length > 0) parts.push(`${noun} added: ${names(list.added)}`);
  if (list.removed.length > 0) parts.push(`${noun} removed: ${names(list.removed)}`);
  if (changed.length > 0) parts.push(`${noun} changed: ${names(changed)}`);
  return parts;
}

/**
 * One line for a webhook summary, a run result's detail or a notification: the loud alerts first, then what was added,
 * removed and changed (three names per list, then a count), e.g.
 * `LOUD: "send" was read-only and no longer is; tools changed: send (description, annotations)`.
 */
export function describeSurfaceDiff(diff: SurfaceDiff): string {
  if (!diff.changed) return 'no change';
  const parts: string[] = [];
  if (diff.loud) parts.push(`LOUD: ${diff.alerts.map((a) => a.message).join('; ')}`);
  parts.push(
    ...describeList(
      'tools',
      diff.tools,
      diff.tools.changed.map((c) => `${c.name} (${c.fields.join(', ')})`),
    ),
    ...describeList(
      'resources',
      diff.resources,
      diff.resources.changed.map((c) => c.key),
    ),
    ...describeList(
      'resource templates',
      diff.resourceTemplates,
      diff.resourceTemplates.changed.map((c) => c.key),
    ),
    ...describeList(
      'prompts',
      diff.prompts,
      diff.prompts.changed.map((c) => c.key),
    ),
  );
  if (diff.instructions) parts.push('instructions changed');
  if (diff.serverInfo.length > 0) parts.push(`server info changed (${diff.serverInfo.map((c) => c.path).join(', ')})`);
  if (diff.protocolVersion) {
    parts.push(`protocol version ${String(diff.protocolVersion.before)} -> ${String(diff.protocolVersion.after)}`);
  }
  if (diff.toolsTruncated)
    parts.push(diff.toolsTruncated.after ? 'tools/list now truncated' : 'tools/list no longer truncated');
  return parts.join('; ');
}
