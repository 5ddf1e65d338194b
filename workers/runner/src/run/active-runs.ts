import type { RunInterruption } from '@mcptest/core';

interface ActiveRun {
  tenantId: string;
  controller: AbortController;
  interruption?: RunInterruption;
  timer: NodeJS.Timeout;
}

/**
 * The runs this process is executing, each with the controller that stops it. Cancel requests (pub/sub and the
 * periodic Postgres check), the time limit and shutdown all stop a run through here, and the first reason wins.
 */
export class ActiveRuns {
  private readonly runs = new Map<string, ActiveRun>();
  /** Set by `abortAll`: a run that registers afterwards (it was still loading) is stopped at once for the same reason. */
  private stopEveryRun: RunInterruption | undefined;

  /** Registers a run; its signal aborts on cancel, shutdown, or after `timeLimitMs` (time limit). */
  start(
    runId: string,
    tenantId: string,
    timeLimitMs: number,
  ): { signal: AbortSignal; interruption(): RunInterruption | undefined } {
    const controller = new AbortController();
    const timer = setTimeout(() => this.abort(runId, 'time_limit'), timeLimitMs);
    timer.unref();
    const entry: ActiveRun = { tenantId, controller, timer };
    this.runs.set(runId, entry);
    if (this.stopEveryRun) this.abort(runId, this.stopEveryRun);
    return { signal: controller.signal, interruption: () => entry.interruption };
  }

  abort(runId: string, reason: RunInterruption): boolean {
    const entry = this.runs.get(runId);
    if (!entry || entry.controller.signal.aborted) return false;
    entry.interruption = reason;
    entry.controller.abort(new Error(reason === 'cancelled' ? 'run cancelled' : `run stopped: ${reason}`));
    return true;
  }

  abortAll(reason: RunInterruption): number {
    this.stopEveryRun = reason;
    let count = 0;
    for (const runId of this.runs.keys()) if (this.abort(runId, reason)) count += 1;
    return count;
  }

  finish(runId: string): void {
    const entry = this.runs.get(runId);
    if (entry) clearTimeout(entry.timer);
    this.runs.delete(runId);
  }

  has(runId: string): boolean {
    return this.runs.has(runId);
  }

  get size(): number {
    return this.runs.size;
  }

  list(): { runId: string; tenantId: string }[] {
    return [...this.runs].map(([runId, { tenantId }]) => ({ runId, tenantId }));
  }
}
