import { type CheckArgs, type CheckOp, type CheckValue, runCheckTask } from './check-ops';

/** A check's value, or why it has none (past its deadline or memory limit, or it crashed): a FAIL reason. */
export type CheckRun<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Where the executor evaluates untrusted input (`CHECK_OPS`): in this thread (`inProcessChecker`, the CLI's default:
 * the user's own suite on the user's machine) or in a pool of worker threads with a hard deadline per check
 * (`createCheckPool`, hosted runs). Never rejects.
 */
export interface Checker {
  run<K extends CheckOp>(op: K, ...args: CheckArgs<K>): Promise<CheckRun<CheckValue<K>>>;
}

export const inProcessChecker: Checker = {
  run<K extends CheckOp>(op: K, ...args: CheckArgs<K>): Promise<CheckRun<CheckValue<K>>> {
    try {
      return Promise.resolve({ ok: true, value: runCheckTask({ op, args }) as CheckValue<K> });
    } catch (error) {
      return Promise.resolve({
        ok: false,
        reason: `check failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  },
};
