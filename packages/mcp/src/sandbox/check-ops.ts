import {
  applyCaptures,
  checkToolResult,
  checkTrajectory,
  computeCoverage,
  planPhases,
  parseAuditLog,
  renderTemplate,
  type TraceEntry,
  type TrajectoryBlock,
} from '@mcptest/core';
import { checkLogging } from '../executor/check-logging';
import { checkNotifications } from '../executor/check-notifications';
import { judgeCalls } from '../executor/plan-calls';

/** A trajectory assertion's check: the audit log's text (when it has one, already read) or the inline trace. */
function trajectory(
  block: Pick<TrajectoryBlock, 'trajectory'>,
  source: { auditLog: string; file: string } | { trace: readonly TraceEntry[] },
): { ok: true } | { ok: false; detail: string } {
  let trace = 'trace' in source ? source.trace : [];
  if ('auditLog' in source) {
    const parsed = parseAuditLog(source.auditLog);
    if (!parsed.ok) return { ok: false, detail: `audit_log ${source.file}: ${parsed.error.message}` };
    trace = parsed.trace;
  }
  const checked = checkTrajectory(trace, block.trajectory);
  return checked.ok ? { ok: true } : { ok: false, detail: checked.failure.message };
}

/**
 * Everything the executor evaluates on input a tenant (the suite) or a server (its answers, its schemas, its tool
 * names) controls: the checker, templating, captures (JSONPath), trajectory, logging and notification checks, and
 * the policy's classification (globs: judgeCalls, the run's phase order and its coverage). Each is a pure function of cloneable data, so a `Checker` can run it in this
 * thread (the CLI) or in a worker thread with a deadline (hosted runs, `createCheckPool`).
 */
export const CHECK_OPS = {
  checkToolResult,
  renderTemplate,
  applyCaptures,
  trajectory,
  checkLogging,
  checkNotifications,
  judgeCalls,
  planPhases,
  computeCoverage,
};

export type CheckOp = keyof typeof CHECK_OPS;
export type CheckArgs<K extends CheckOp> = Parameters<(typeof CHECK_OPS)[K]>;
export type CheckValue<K extends CheckOp> = ReturnType<(typeof CHECK_OPS)[K]>;

/** What crosses the thread boundary (structured clone): the operation's name and its arguments. */
export interface CheckTask {
  op: CheckOp;
  args: unknown[];
  /**
   * Shared with the pool (not copied): the thread stores the time (ms since the epoch) it began the task, so the
   * deadline counts the check's own run, not its wait for a thread that is still booting.
   */
  startedAt?: SharedArrayBuffer;
}

/** Runs one task; a thread's entry and the in-process checker both come here. */
export function runCheckTask(task: CheckTask): unknown {
  const fn = CHECK_OPS[task.op] as ((...args: unknown[]) => unknown) | undefined;
  if (typeof fn !== 'function') throw new Error(`unknown check operation ${JSON.stringify(task.op)}`);
  return fn(...task.args);
}
