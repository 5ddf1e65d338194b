/** How this worker fires schedules (env SCHEDULE_*; docs/operations.md#schedules). */
export interface ScheduleSettings {
  /** How often the ticker looks for due schedules. */
  tickMs: number;
  /** Most schedules claimed by one statement; a full batch is followed by another claim in the same tick. */
  batchSize: number;
  /** Firings (run created and queued) in flight at once in this process. */
  concurrency: number;
  /** A claim's lease: a worker that dies mid-batch leaves its slots due again after it. */
  leaseMs: number;
}
