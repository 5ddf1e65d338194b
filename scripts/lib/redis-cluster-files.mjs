// The Redis-facing test files npm test runs a second time against a local 3-primary Redis Cluster
// (MCPTEST_TEST_REDIS=cluster, test/redis-cluster.ts): queues, budgets, fairness, politeness, rate limits, the badge
// cache and run events. docs/operations.md "Redis Cluster" names this list; keep the pass under ~3 minutes.
export const REDIS_CLUSTER_TEST_FILES = [
  // packages/redis: fair admission, budgets, politeness, rate limits, badge cache, events and the hub, queues, tags.
  'packages/redis/src/',
  // A real worker on the cluster: start and stop (cancel subscriber, heartbeat), fairness, cancel and limits, a run's life, schedules, politeness, webhooks.
  'workers/runner/src/start-worker.test.ts',
  'workers/runner/src/run/fairness.test.ts',
  'workers/runner/src/run/cancel-and-limits.test.ts',
  'workers/runner/src/run/run-lifecycle.test.ts',
  'workers/runner/src/schedule/scheduled-runs.test.ts',
  'workers/runner/src/outbound/polite-safe-fetch.test.ts',
  'workers/runner/src/webhook/deliver-webhook.test.ts',
  // The web side: badge cache and invalidation, triggers against the budget, live events, politeness of connection tests.
  'apps/web/src/server/services/badges/badge-invalidation.test.ts',
  'apps/web/src/server/services/badges/get-suite-badge.test.ts',
  'apps/web/src/app/api/badges/s/[file]/route.test.ts',
  'apps/web/src/server/services/runs/trigger-run.test.ts',
  'apps/web/src/app/api/v1/runs/[id]/events/route.test.ts',
  'apps/web/src/server/services/servers/test-server-connection.test.ts',
  // Every key the workload writes expires or is bounded, with the tagged names.
  'test/redis-keys.test.ts',
];
