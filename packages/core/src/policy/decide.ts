import { assertNever } from '../result/run-result';
import type { ExecPolicy, ToolClass } from './exec-policy-schema';

/**
 * Where a decision is made: `live` when a call must happen now (a suite assertion, an audit probe), `generate` when a
 * test can be written for a human to run instead (scaffolding a starter suite).
 */
export type DecisionContext = 'live' | 'generate';

/**
 * - Execute: call freely (stability double-calls allowed).
 * - ExecuteOnce: at most one call per run: never double-called, retried or repeated across trials; generated tests
 *   that use it are marked serial.
 * - GenerateOnly: do not call; emit a test that starts with `# review before first run`.
 * - Refuse: do not call; the assertion is SKIP with the reason.
 */
export type ExecDecisionKind = 'Execute' | 'ExecuteOnce' | 'GenerateOnly' | 'Refuse';

/** Why a call is held back; `code` is stable (stored with results and shown in the UI), `message` is for people. */
export interface ExecDecisionReason {
  code: 'destructive_not_allowed' | 'destructive_review_required';
  message: string;
}

export interface ExecDecision {
  decision: ExecDecisionKind;
  /** Present when the call is held back (Refuse, GenerateOnly). */
  reason?: ExecDecisionReason;
  /** Whether the executor may call the tool twice to check stability; only for read-only classes. */
  doubleCallAllowed: boolean;
}

/** The first line of every generated test for a Destructive tool. */
export const REVIEW_BEFORE_FIRST_RUN = '# review before first run';

/** What may happen to a call of a tool of class `cls` (DESIGN.md, "Execution safety policy", Decisions). */
export function decide(
  cls: ToolClass,
  context: DecisionContext,
  policy: Pick<ExecPolicy, 'execute_destructive'>,
): ExecDecision {
  switch (cls) {
    case 'ReadOnly':
    case 'ReadOnlyPresumed':
      return { decision: 'Execute', doubleCallAllowed: true };
    case 'Mutating':
      return { decision: 'ExecuteOnce', doubleCallAllowed: false };
    case 'Destructive':
      if (policy.execute_destructive) return { decision: 'ExecuteOnce', doubleCallAllowed: false };
      return destructiveHeldBack(context);
    default:
      return assertNever(cls);
  }
}

function destructiveHeldBack(context: DecisionContext): ExecDecision {
  switch (context) {
    case 'live':
      return {
        decision: 'Refuse',
        doubleCallAllowed: false,
        reason: {
          code: 'destructive_not_allowed',
          message:
            'destructive tool not called: execute_destructive is off (the tenant policy must allow it and the suite opt in)',
        },
      };
    case 'generate':
      return {
        decision: 'GenerateOnly',
        doubleCallAllowed: false,
        reason: {
          code: 'destructive_review_required',
          message: `destructive tool: test generated but not run; it starts with "${REVIEW_BEFORE_FIRST_RUN}"`,
        },
      };
    default:
      return assertNever(context);
  }
}
