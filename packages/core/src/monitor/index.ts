export * from './monitor-schedule';
export * from './decide-monitor-check';
export * from './monitor-latency';
export * from './uptime-bar';
export * from './uptime-badge';
export * from './monitor-webhook-body';
