import { describe, expect, it } from 'vitest';
import { createWorkerMetrics } from './metrics';

const NAMES = [
  'mcptest_runs_started_total',
  'mcptest_runs_finished_total',
  'mcptest_run_duration_seconds',
  'mcptest_call_duration_seconds',
  'mcptest_budget_refusals_total',
  'mcptest_politeness_wait_seconds',
  'mcptest_jobs_failed_total',
  'mcptest_reconciler_actions_total',
  'mcptest_monitor_checks_total',
  'mcptest_monitor_lateness_seconds',
  'mcptest_monitor_tick_db_seconds',
  'mcptest_queue_depth',
];

describe('createWorkerMetrics', () => {
  it('registers every metric in a registry of its own, so two instances do not clash', async () => {
    const a = createWorkerMetrics({});
    const b = createWorkerMetrics({});
    expect(a.registry).not.toBe(b.registry);
    a.runsStarted.inc({ trigger: 'schedule' });
    a.runsStarted.inc({ trigger: 'schedule' });
    const text = await a.registry.metrics();
    for (const name of NAMES) expect(text).toContain(`# TYPE ${name} `);
    expect(text).toContain('mcptest_runs_started_total{trigger="schedule"} 2');
    expect(await b.registry.metrics()).not.toContain('trigger="schedule"');
  });

  it('records labels and the documented buckets', async () => {
    const m = createWorkerMetrics({});
    m.runsFinished.inc({ status: 'passed' });
    m.runDuration.observe({ status: 'passed' }, 42);
    m.callDuration.observe({ tool_class: 'ReadOnly', status: 'PASS' }, 0.003);
    m.budgetRefusals.inc({ scope: 'tenant_daily' });
    m.politenessWaits.observe({ limit: 'rate', outcome: 'proceeded' }, 0.2);
    m.jobsFailed.inc({ queue: 'runs' });
    m.reconcilerActions.inc({ action: 'requeued' }, 3);
    const text = await m.registry.metrics();
    expect(text).toContain('mcptest_runs_finished_total{status="passed"} 1');
    expect(text).toContain('mcptest_run_duration_seconds_bucket{le="0.5",status="passed"} 0');
    expect(text).toContain('mcptest_run_duration_seconds_bucket{le="60",status="passed"} 1');
    expect(text).toContain('mcptest_run_duration_seconds_bucket{le="900",status="passed"} 1');
    expect(text).toContain('mcptest_run_duration_seconds_bucket{le="3600",status="passed"} 1');
    expect(text).toContain('mcptest_call_duration_seconds_bucket{le="0.005",tool_class="ReadOnly",status="PASS"} 1');
    expect(text).toContain('mcptest_call_duration_seconds_bucket{le="60",tool_class="ReadOnly",status="PASS"} 1');
    expect(text).toContain('mcptest_budget_refusals_total{scope="tenant_daily"} 1');
    expect(text).toContain('mcptest_politeness_wait_seconds_bucket{le="0.25",limit="rate",outcome="proceeded"} 1');
    expect(text).toContain('mcptest_jobs_failed_total{queue="runs"} 1');
    expect(text).toContain('mcptest_reconciler_actions_total{action="requeued"} 3');
  });

  it('adds Node process metrics only when asked', async () => {
    expect(await createWorkerMetrics({}).registry.metrics()).not.toContain('process_cpu_user_seconds_total');
    const withDefaults = await createWorkerMetrics({ collectDefault: true }).registry.metrics();
    expect(withDefaults).toContain('process_cpu_user_seconds_total');
    expect(withDefaults).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reads queue depths at every scrape and drops series that disappeared', async () => {
    let depths = [
      { queue: 'runs', state: 'waiting', count: 3 },
      { queue: 'runs', state: 'pending_fair', count: 7 },
    ];
    let calls = 0;
    const m = createWorkerMetrics({
      queueDepth: async () => {
        calls++;
        return depths;
      },
    });
    const first = await m.registry.metrics();
    expect(first).toContain('mcptest_queue_depth{queue="runs",state="waiting"} 3');
    expect(first).toContain('mcptest_queue_depth{queue="runs",state="pending_fair"} 7');
    depths = [{ queue: 'runs', state: 'waiting', count: 0 }];
    const second = await m.registry.metrics();
    expect(second).toContain('mcptest_queue_depth{queue="runs",state="waiting"} 0');
    expect(second).not.toContain('state="pending_fair"');
    expect(calls).toBe(2);
  });

  it('skips malformed entries', async () => {
    const m = createWorkerMetrics({
      queueDepth: async () =>
        [
          { queue: 'runs', state: 'active', count: 1 },
          { queue: 'runs', state: 'delayed', count: Number.NaN },
          { queue: 'runs', count: 2 },
          null,
        ] as never,
    });
    const text = await m.registry.metrics();
    expect(text).toContain('mcptest_queue_depth{queue="runs",state="active"} 1');
    expect(text).not.toContain('state="delayed"');
  });

  it.each([
    [
      'rejects',
      async () => {
        throw new Error('redis down');
      },
    ],
    [
      'throws synchronously',
      () => {
        throw new Error('redis down');
      },
    ],
    ['hangs', () => new Promise<never>(() => {})],
  ])('serves the other metrics when queueDepth %s', async (_, queueDepth) => {
    const m = createWorkerMetrics({ queueDepth, queueDepthTimeoutMs: 100 });
    m.jobsFailed.inc({ queue: 'webhooks' });
    const text = await m.registry.metrics();
    expect(text).toContain('mcptest_jobs_failed_total{queue="webhooks"} 1');
    expect(text).toContain('# TYPE mcptest_queue_depth gauge');
    expect(text).not.toMatch(/^mcptest_queue_depth\{/m);
  });
});
