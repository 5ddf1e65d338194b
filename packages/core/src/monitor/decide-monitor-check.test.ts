import { describe, expect, it } from 'vitest';
import { decideMonitorCheck, type MonitorStateName } from './decide-monitor-check';

describe('decideMonitorCheck', () => {
  it.each<[MonitorStateName, number, boolean, ReturnType<typeof decideMonitorCheck>]>([
    ['UNKNOWN', 0, true, { state: 'UP', consecutiveFailures: 0, transition: undefined, confirm: false }],
    ['UP', 0, true, { state: 'UP', consecutiveFailures: 0, transition: undefined, confirm: false }],
    // A failure not yet confirmed: the state stays, a second check comes soon.
    ['UP', 1, true, { state: 'UP', consecutiveFailures: 0, transition: undefined, confirm: false }],
    ['DOWN', 5, true, { state: 'UP', consecutiveFailures: 0, transition: 'up', confirm: false }],
    ['UP', 0, false, { state: 'UP', consecutiveFailures: 1, transition: undefined, confirm: true }],
    ['UNKNOWN', 0, false, { state: 'UNKNOWN', consecutiveFailures: 1, transition: undefined, confirm: true }],
    ['UP', 1, false, { state: 'DOWN', consecutiveFailures: 2, transition: 'down', confirm: false }],
    ['UNKNOWN', 1, false, { state: 'DOWN', consecutiveFailures: 2, transition: 'down', confirm: false }],
    ['DOWN', 2, false, { state: 'DOWN', consecutiveFailures: 3, transition: undefined, confirm: false }],
  ])('%s with %i failures, check ok=%s', (state, consecutiveFailures, ok, expected) => {
    expect(decideMonitorCheck({ state, consecutiveFailures }, ok)).toEqual(expected);
  });
});
