export {
  createRedis,
  duplicateRedis,
  isCluster,
  pingRedis,
  redisKey,
  type Redis,
  type CreateRedisOptions,
} from './redis';
export { deleteKeys, listKeys, scanKeys } from './scan-keys';
export { RUN_EVENT_SHARDS, runEventShard, runEventsTag, tenantTag } from './key-tags';
export {
  createRedisCallBudget,
  createTenantRequestBudget,
  runBudgetKey,
  runRequestsKey,
  tenantDailyBudgetKey,
  tenantDailyRequestsKey,
  DAILY_BUDGET_KEY_GRACE_MS,
  RUN_BUDGET_KEY_TTL_MS,
  type RedisCallBudget,
  type RedisCallBudgetOptions,
  type RedisCallBudgetUsage,
} from './budget/redis-call-budget';
export {
  JOB_CATALOG,
  QUEUE_NAMES,
  bullPrefix,
  parseJobPayload,
  runJobId,
  webhookJobId,
  InvalidJobPayloadError,
  type JobDefinition,
  type JobName,
  type JobPayload,
  type JobsOfQueue,
  type QueueName,
} from './jobs/job-catalog';
export { enqueueWebhookDeliveries } from './jobs/enqueue-webhook-deliveries';
export { createQueues, type Queues, type CreateQueuesOptions, type EnqueueOptions } from './jobs/create-queues';
export {
  createJobWorker,
  handBackJob,
  UnrecoverableError,
  type CreateJobWorkerOptions,
  type Job,
  type JobContext,
  type JobHandlers,
  type Worker,
} from './jobs/create-job-worker';
export {
  createFairAdmission,
  type AdmittedRun,
  type FairAdmission,
  type FairAdmissionOptions,
} from './fair/fair-admission';
export { dispatchAdmittedRuns, enqueueRun, type RunDispatch } from './runs/enqueue-run';
export { cancelRun, type CancelRunDeps, type CancelRunResult } from './runs/cancel-run';
export {
  settleRunOutbox,
  RUN_FINISH_STEPS,
  type RunFinishStep,
  type SettleRunOutboxDeps,
  type SettledRunOutbox,
} from './runs/settle-run-outbox';
export {
  publishRunEvent,
  readRunEvents,
  publishRunFinishedOnce,
  waitForRunFinished,
  runEventsKey,
  RunEvent,
  RUN_EVENTS_FINISHED_TTL_MS,
  RUN_EVENTS_TTL_MS,
  type RunFinishedEvent,
  type ReadRunEventsOptions,
  type StoredRunEvent,
} from './runs/run-events';
export {
  createRunEventHub,
  compareStreamIds,
  type RunEventHub,
  type RunEventHubOptions,
  type RunEventListener,
} from './runs/run-event-hub';
export { publishRunCancel, subscribeRunCancels, runCancelChannel } from './runs/run-cancel-channel';
export { legacyBullPrefix, removeLegacySchedules } from './schedules/remove-legacy-schedules';
export {
  createPolitenessGate,
  type PolitenessOptions,
  type PolitenessWaitEvent,
} from './politeness/create-politeness-gate';
export { PolitenessRefusedError, type PolitenessLimit } from './politeness/politeness-refused-error';
export {
  createApiRateLimits,
  type ApiRateLimits,
  type ApiRateLimitsOptions,
  type RateLimitDecision,
} from './rate-limit/create-api-rate-limits';
export {
  BADGE_CACHE_TTL_SECONDS,
  badgeEntryKey,
  badgeVersionKey,
  type BadgeFormat,
  type BadgeSubjectKind,
  type BadgeVariant,
} from './badges/badge-cache-keys';
export { createBadgeCache, CachedBadge, type BadgeCache, type BadgeCacheOptions } from './badges/badge-cache';
export { invalidateBadges, type BadgeSubjects } from './badges/invalidate-badges';
export {
  claimDeliveryDigest,
  deliveryDigestKey,
  DELIVERY_DIGEST_TTL_SECONDS,
  type ClaimDeliveryDigestInput,
} from './triggers/claim-delivery-digest';
