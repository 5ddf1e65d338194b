/** How this worker runs uptime monitors (env MONITOR_*; docs/operations.md "Uptime monitors"). */
export interface MonitorSettings {
  /** Checks in flight at once in this process. */
  concurrency: number;
  /** How often the ticker looks for due monitors and writes the finished checks. */
  tickMs: number;
  /** The whole of one check: connect, handshake and tools/list. */
  checkTimeoutMs: number;
  /** A failed check is confirmed this long after it, before the monitor turns DOWN. */
  confirmDelayMs: number;
}
