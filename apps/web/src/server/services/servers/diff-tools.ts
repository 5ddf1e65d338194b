import { canonicalJson, type ToolDescriptor } from '@mcptest/core';

/** The descriptor fields whose change is reported: what a test or the exec policy depends on. */
export const COMPARED_TOOL_FIELDS = [
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
  '_meta',
] as const;
export type ComparedToolField = (typeof COMPARED_TOOL_FIELDS)[number];

export interface ToolListChanges {
  added: string[];
  removed: string[];
  changed: { name: string; fields: ComparedToolField[] }[];
}

/** By name, the first of each name (a duplicate name is a lint, not a second tool here). */
function byName(tools: readonly ToolDescriptor[]): Map<string, ToolDescriptor> {
  const map = new Map<string, ToolDescriptor>();
  for (const tool of tools) if (!map.has(tool.name)) map.set(tool.name, tool);
  return map;
}

/**
 * What changed between two tools/list results: tools added, removed, and changed (which of the compared fields
 * differ). Pure; names keep the order of the list they come from.
 */
export function diffTools(previous: readonly ToolDescriptor[], current: readonly ToolDescriptor[]): ToolListChanges {
  const before = byName(previous);
  const after = byName(current);
  const added = [...after.keys()].filter((name) => !before.has(name));
  const removed = [...before.keys()].filter((name) => !after.has(name));
  const changed: ToolListChanges['changed'] = [];
  for (const [name, tool] of after) {
    const old = before.get(name);
    if (!old) continue;
    const fields = COMPARED_TOOL_FIELDS.filter((field) => canonicalJson(old[field]) !== canonicalJson(tool[field]));
    if (fields.length > 0) changed.push({ name, fields });
  }
  return { added, removed, changed };
}
