import { z } from 'zod';
import { assertNever } from '../result/run-result';
import type { ExecPolicy, ToolClass } from '../policy/exec-policy-schema';
import { type ToolClassification } from '../policy/classify-tool';
import { readAnnotations } from '../policy/read-tool-hints';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { isRecord } from '../util/is-record';

/**
 * The risk phases, in the order a run executes them (the idempotency-tagging proposal's order): fixtures other
 * assertions need, then what only reads, then writes that can be repeated, then other writes, destructive last.
 */
export const RISK_LEVELS = ['setup', 'read-only', 'low', 'medium', 'high'] as const;
export const RiskLevel = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof RiskLevel>;

/** The `_meta` keys a server may declare a tool's risk level under (ours first, then the proposal's plain key). */
export const META_RISK_LEVEL = 'mcp.dev/riskLevel';
export const META_RISK_LEVEL_PLAIN = 'risk_level';

/** Where a tool's risk level came from: the server's `_meta` hint, or the tool's class (classifyTool). */
export type RiskLevelSource = 'meta' | 'class';

export interface ToolRiskLevel {
  level: RiskLevel;
  source: RiskLevelSource;
  /** One sentence: which hint or class decided it, and why a hint was not used. */
  reason: string;
}

/** The position of a level in run order (0 runs first); also its caution, setup aside. */
export function riskRank(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}

/**
 * The level a class implies: read-only (ReadOnly and ReadOnlyPresumed), low (Mutating and declared idempotent),
 * medium (other Mutating), high (Destructive).
 */
export function riskLevelOfClass(cls: ToolClass, idempotent: boolean): RiskLevel {
  switch (cls) {
    case 'ReadOnly':
    case 'ReadOnlyPresumed':
      return 'read-only';
    case 'Mutating':
      return idempotent ? 'low' : 'medium';
    case 'Destructive':
      return 'high';
    default:
      return assertNever(cls);
  }
}

/** A `_meta` risk hint's value as a level (`idempotent` is the proposal's word for read-only), else undefined. */
function metaLevel(value: unknown): RiskLevel | undefined {
  if (value === 'idempotent') return 'read-only';
  return (RISK_LEVELS as readonly unknown[]).includes(value) ? (value as RiskLevel) : undefined;
}

type ReadRiskHint =
  | { state: 'absent' }
  | { state: 'ok'; level: RiskLevel; key: string }
  | { state: 'unknown'; key: string; value: unknown };

/** The tool's `_meta` risk hint: `mcp.dev/riskLevel` wins over `risk_level` when both are present. */
export function readRiskHint(tool: ToolDescriptor): ReadRiskHint {
  if (!isRecord(tool._meta)) return { state: 'absent' };
  for (const key of [META_RISK_LEVEL, META_RISK_LEVEL_PLAIN]) {
    const value = tool._meta[key];
    if (value === undefined) continue;
    const level = metaLevel(value);
    return level === undefined ? { state: 'unknown', key, value } : { state: 'ok', level, key };
  }
  return { state: 'absent' };
}

/**
 * A tool's risk level under the policy, from its classification (classifyTool's answer for the same tool and
 * policy). A `_meta` risk hint decides when the policy lets the server's word count:
 * - `annotation_trust: ignore`: never read (the class decides);
 * - `cap`: used only when at least as cautious as the class's level (`setup` counts as the least cautious);
 * - a tenant override: the tenant's class decides (its own word beats the server's);
 * - `trust`: the hint stands.
 * The class's level counts `idempotentHint: true` only where the policy reads annotations.
 */
export function riskLevelOf(
  tool: ToolDescriptor,
  classification: ToolClassification,
  policy: ExecPolicy,
): ToolRiskLevel {
  const annotations = policy.annotation_trust === 'ignore' ? undefined : readAnnotations(tool);
  const idempotent = annotations?.state === 'ok' && annotations.hints.idempotentHint === true;
  const byClass: ToolRiskLevel = {
    level: riskLevelOfClass(classification.class, idempotent),
    source: 'class',
    reason: `class ${classification.class}${idempotent && classification.class === 'Mutating' ? ' with idempotentHint: true' : ''}`,
  };
  const hint = readRiskHint(tool);
  if (hint.state === 'absent') return byClass;
  if (hint.state === 'unknown') {
    return {
      ...byClass,
      reason: `${byClass.reason}; _meta ${hint.key} ${JSON.stringify(hint.value)} ignored as unknown`,
    };
  }
  const declared = `_meta ${hint.key}: "${hint.level}"`;
  if (policy.annotation_trust === 'ignore') {
    return { ...byClass, reason: `${byClass.reason}; ${declared} not used (annotation_trust: ignore)` };
  }
  if (classification.source === 'override') {
    return { ...byClass, reason: `${byClass.reason}; ${declared} not used (tenant override)` };
  }
  if (policy.annotation_trust === 'cap' && riskRank(hint.level) < riskRank(byClass.level)) {
    return { ...byClass, reason: `${byClass.reason}, more cautious than ${declared}; annotation_trust: cap` };
  }
  return { level: hint.level, source: 'meta', reason: declared };
}
