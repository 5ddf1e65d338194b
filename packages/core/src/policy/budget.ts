/**
 * The call budget as the executor sees it (DESIGN.md, "Execution safety policy"). Implementations: Redis with atomic
 * Lua in packages/queue (hosted runs, shared by every worker), and in-process for the CLI.
 */

/** Which limit ran out: the run's max_calls, or the tenant's daily_call_budget. */
export interface BudgetExhausted {
  /** The limit that was reached (number of calls). */
  limit: number;
  scope: 'run' | 'tenant_daily';
}

export type BudgetAcquisition = { ok: true } | { ok: false; exhausted: BudgetExhausted };

export interface CallBudget {
  /**
   * Takes one call from every limit that applies, atomically: with limit N exactly N acquisitions succeed however
   * many callers race, and a refused acquisition takes nothing. Call it right before each tools/call; on
   * `ok: false` stop scheduling calls (the remaining assertions are SKIP with `budgetExhaustedMessage`).
   */
  acquire(): Promise<BudgetAcquisition>;
  /** Calls acquired so far in this run. */
  used(): Promise<number>;
}

/** The SKIP reason for an assertion that was not run because the budget ran out. */
export function budgetExhaustedMessage(exhausted: BudgetExhausted): string {
  return exhausted.scope === 'run'
    ? `call budget exhausted: this run may make at most ${exhausted.limit} tool calls (max_calls)`
    : `call budget exhausted: the tenant's daily limit of ${exhausted.limit} tool calls is used up (daily_call_budget)`;
}
