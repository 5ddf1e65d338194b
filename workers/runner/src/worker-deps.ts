import type { Logger } from 'pino';
import type { PlanTable } from '@mcptest/core';
import type { Database, SecretBox } from '@mcptest/db';
import type { Checker, SafeFetch } from '@mcptest/mcp';
import type { FairAdmission, Queues, Redis, RunFinishStep } from '@mcptest/redis';
import type { WorkerMetrics } from './observability/metrics';
import type { ActiveRuns } from './run/active-runs';
import type { WebhookSettings } from './webhook/webhook-settings';

/** Everything the job handlers and the reconciler use, built once per process by startWorker (or by a test). */
export interface WorkerDeps {
  db: Database;
  /** Commands (not blocking, not subscribed). */
  redis: Redis;
  prefix: string;
  queues: Queues;
  fair: FairAdmission;
  logger: Logger;
  metrics: WorkerMetrics;
  secretBox: SecretBox;
  plans: PlanTable;
  /**
   * The SSRF-safe fetch with the per-host politeness gate inside: the only way runs reach a server. The executor adds
   * each run's request budget in front of it (`withGate`).
   */
  fetch: SafeFetch;
  /** Where runs evaluate untrusted input: the check pool (worker threads with a deadline and a heap limit each). */
  checker: Checker;
  /** `<host>-<pid>`, recorded on the runs this process executes. */
  workerId: string;
  active: ActiveRuns;
  /** Outbound webhooks: their own SSRF-safe fetch (no politeness: receivers are not targets under test) and policy. */
  webhooks: WebhookSettings;
  now: () => Date;
  /** Test seam (MCPTEST_TEST_PAUSE_AT): called at each step of finishing a run; resolves to go on. */
  reachedFinishStep?: ((step: RunFinishStep, runId: string) => Promise<void>) | undefined;
}
