import { MONITOR_FAILURES_TO_DOWN } from './monitor-schedule';

/** The `MonitorState` enum of prisma/schema.prisma. */
export type MonitorStateName = 'UNKNOWN' | 'UP' | 'DOWN';

export interface MonitorCheckDecision {
  state: MonitorStateName;
  consecutiveFailures: number;
  /** A transition that opens (`down`) or closes (`up`) an incident and raises `monitor.down` / `monitor.up`. */
  transition: 'down' | 'up' | undefined;
  /** The failure is not confirmed yet: check again after MONITOR_CONFIRM_DELAY_MS instead of at the next slot. */
  confirm: boolean;
}

/**
 * What one check means for its monitor. A success is UP at once (DOWN -> UP raises `monitor.up`; UNKNOWN -> UP raises
 * nothing, there was no outage). A failure while not DOWN is confirmed by a second check shortly after; the second
 * failure in a row turns the monitor DOWN (from UP or UNKNOWN: a monitor created on a dead server alerts too). Failures
 * while DOWN change nothing but the count.
 */
export function decideMonitorCheck(
  current: { state: MonitorStateName; consecutiveFailures: number },
  ok: boolean,
): MonitorCheckDecision {
  if (ok) {
    return {
      state: 'UP',
      consecutiveFailures: 0,
      transition: current.state === 'DOWN' ? 'up' : undefined,
      confirm: false,
    };
  }
  const consecutiveFailures = current.consecutiveFailures + 1;
  if (current.state === 'DOWN') return { state: 'DOWN', consecutiveFailures, transition: undefined, confirm: false };
  if (consecutiveFailures < MONITOR_FAILURES_TO_DOWN) {
    return { state: current.state, consecutiveFailures, transition: undefined, confirm: true };
  }
  return { state: 'DOWN', consecutiveFailures, transition: 'down', confirm: false };
}
