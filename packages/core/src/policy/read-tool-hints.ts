import type { ToolDescriptor } from './tool-descriptor';
import { isRecord } from '../util/is-record';

/** The MCP tool annotation hints (all booleans) and the other keys the spec defines on `annotations`. */
export const ANNOTATION_HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type AnnotationHint = (typeof ANNOTATION_HINTS)[number];
export const ANNOTATION_KEYS: readonly string[] = ['title', ...ANNOTATION_HINTS];

/** mcptest's `_meta` keys (the `mcp.dev/` prefix is ours) and the values each accepts. */
export const META_EFFECT = 'mcp.dev/effect';
export const META_REQUIRES_CONFIRMATION = 'mcp.dev/requiresConfirmation';
export const META_RESULT_SENSITIVITY = 'mcp.dev/resultSensitivity';
export const META_PREFIX = 'mcp.dev/';
export const META_EFFECT_VALUES = ['read', 'write', 'delete', 'external'] as const;
export type MetaEffect = (typeof META_EFFECT_VALUES)[number];
export const RESULT_SENSITIVITY_VALUES = ['public', 'internal', 'confidential', 'restricted'] as const;
export type ResultSensitivity = (typeof RESULT_SENSITIVITY_VALUES)[number];

/**
 * A tool's annotations as classification may use them. Malformed (not an object, or a hint that is present but not a
 * boolean) means none of them is used: a server that cannot spell its hints is not believed about any of them.
 */
export type ReadAnnotations =
  | { state: 'absent' }
  | { state: 'malformed'; problems: string[] }
  | { state: 'ok'; hints: Partial<Record<AnnotationHint, boolean>> };

export function readAnnotations(tool: ToolDescriptor): ReadAnnotations {
  const annotations = tool.annotations;
  if (annotations === undefined) return { state: 'absent' };
  if (!isRecord(annotations)) {
    return { state: 'malformed', problems: [`annotations is ${kindOf(annotations)}, not an object`] };
  }
  const hints: Partial<Record<AnnotationHint, boolean>> = {};
  const problems: string[] = [];
  for (const hint of ANNOTATION_HINTS) {
    const value = annotations[hint];
    if (value === undefined) continue;
    if (typeof value === 'boolean') hints[hint] = value;
    else problems.push(`${hint} is ${kindOf(value)} (${JSON.stringify(value)}), not a boolean`);
  }
  return problems.length > 0 ? { state: 'malformed', problems } : { state: 'ok', hints };
}

/** The `mcp.dev/effect` hint: absent, one of the known values, or something else (ignored, and linted). */
export type ReadMetaEffect =
  { state: 'absent' } | { state: 'ok'; effect: MetaEffect } | { state: 'unknown'; value: unknown };

export function readMetaEffect(tool: ToolDescriptor): ReadMetaEffect {
  if (!isRecord(tool._meta) || tool._meta[META_EFFECT] === undefined) return { state: 'absent' };
  const value = tool._meta[META_EFFECT];
  return (META_EFFECT_VALUES as readonly unknown[]).includes(value)
    ? { state: 'ok', effect: value as MetaEffect }
    : { state: 'unknown', value };
}

/** `a string`, `null`, `an array`: for messages about values of the wrong kind. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? `an ${type}` : `a ${type}`;
}
