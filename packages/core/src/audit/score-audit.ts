import type { LintSeverity } from '../lint/lint-tools';
import { assertNever } from '../result/run-result';
import type { AuditOutcomeKind } from './classify-audit-outcome';

/** What each outcome earns a tool (docs/audit.md, "Score"); refused probes earn nothing and count for nothing. */
export const AUDIT_OUTCOME_CREDIT: Readonly<Record<Exclude<AuditOutcomeKind, 'refused'>, number>> = {
  healthy: 1,
  // The tool answered deliberately; often the made-up arguments are at fault, not the server.
  tool_error: 0.5,
  crash: 0,
  timeout: 0,
};

/** Points taken off per lint finding, and the most the lints can take off together. */
export const AUDIT_LINT_PENALTY = { error: 5, warning: 1, info: 0, max: 30 } as const;

export interface AuditScoreInput {
  /** One entry per probe (a tool with invalid-input probes has several). */
  outcomes: readonly { tool: string; outcome: AuditOutcomeKind }[];
  lints: readonly { severity: LintSeverity }[];
}

export interface AuditScore {
  /** 0..100, an integer. */
  score: number;
  /** 100 × mean tool credit, before lint penalties (100 when no tool was probed). */
  base: number;
  /** Points taken off for lints (at most AUDIT_LINT_PENALTY.max). */
  lintPenalty: number;
  /** Tools with at least one probe that was made. */
  probedTools: number;
  /** Probes per outcome (refused included). */
  counts: Record<AuditOutcomeKind, number>;
}

/**
 * The audit score:
 *
 *   credit(probe)  = healthy 1, tool_error 0.5, crash 0, timeout 0 (refused probes are left out)
 *   credit(tool)   = mean credit of the tool's probes that were made
 *   base           = 100 × mean credit over probed tools (100 when no tool was probed)
 *   lintPenalty    = min(30, 5 × lint errors + 1 × lint warnings)
 *   score          = max(0, round(base − lintPenalty))
 *
 * Tools weigh the same however many probes they got, so invalid-input probes refine a tool's credit without giving
 * read-only tools more weight. Refused tools are neither good nor bad: holding a destructive tool back is the policy
 * working, not a server fault.
 */
export function scoreAudit(input: AuditScoreInput): AuditScore {
  const counts: Record<AuditOutcomeKind, number> = { healthy: 0, tool_error: 0, crash: 0, timeout: 0, refused: 0 };
  const perTool = new Map<string, number[]>();
  for (const { tool, outcome } of input.outcomes) {
    counts[outcome] += 1;
    if (outcome === 'refused') continue;
    const credits = perTool.get(tool) ?? [];
    credits.push(AUDIT_OUTCOME_CREDIT[outcome]);
    perTool.set(tool, credits);
  }
  const toolCredits = [...perTool.values()].map((credits) => credits.reduce((a, b) => a + b, 0) / credits.length);
  const base = toolCredits.length === 0 ? 100 : (100 * toolCredits.reduce((a, b) => a + b, 0)) / toolCredits.length;

  let penalty = 0;
  for (const { severity } of input.lints) penalty += lintPenalty(severity);
  const lintPenaltyTotal = Math.min(AUDIT_LINT_PENALTY.max, penalty);
  return {
    score: Math.max(0, Math.round(base - lintPenaltyTotal)),
    base: Math.round(base * 100) / 100,
    lintPenalty: lintPenaltyTotal,
    probedTools: toolCredits.length,
    counts,
  };
}

function lintPenalty(severity: LintSeverity): number {
  switch (severity) {
    case 'error':
      return AUDIT_LINT_PENALTY.error;
    case 'warning':
      return AUDIT_LINT_PENALTY.warning;
    case 'info':
      return AUDIT_LINT_PENALTY.info;
    default:
      return assertNever(severity);
  }
}
