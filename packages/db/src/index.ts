export { createDatabase, type Database, type GlobalClient, type CreateDatabaseOptions } from './database';
export { DbError, type DbErrorCode } from './errors';
export { TENANT_MODELS, RLS_MODELS, type TenantDb, type TenantClient, type TenantModel } from './tenant/tenant-scope';
export { createTenant, slugify, type CreateTenantInput, type CreateTenantResult } from './tenant/create-tenant';
export { createWithUniqueSlug } from './tenant/create-with-unique-slug';
export { createSecretBox, secretContext, type SecretBox, type SecretKey, type Sealed } from './crypto/secret-box';
export { rotateSecrets } from './crypto/rotate-secrets';
export { generateApiToken, hashToken, API_TOKEN_PREFIX } from './tokens/api-token';
export { generateSecretToken, SECRET_TOKEN_BYTES } from './tokens/generate-secret-token';
export { readMigrations, type MigrationFile } from './migrate/read-migrations';
export { applyMigrations, type ApplyMigrationsResult } from './migrate/apply-migrations';
export { compareSchema, readDbSnapshot, type DatamodelLike, type DbSnapshot } from './drift/find-drift';
export type * from './generated/prisma/enums';
export { createQueuedRun, type CreateQueuedRunInput, type QueuedRun } from './runs/create-queued-run';
export { findRunResults, type RunResultRow } from './runs/find-run-results';
export {
  findLatencySamples,
  findLatencyWindow,
  type FindLatencyWindowInput,
  type LatencyWindowRun,
} from './runs/find-latency-window';
export { claimRun, type ClaimRunInput } from './runs/claim-run';
export { handBackRun } from './runs/hand-back-run';
export { resumeRun } from './runs/resume-run';
export {
  finishRun,
  type EndingEvent,
  type FinishRunInput,
  type FinishRunResult,
  type RunSurfaceInput,
} from './runs/finish-run';
export { failRun } from './runs/fail-run';
export { RUN_CONFORMANCE_INCLUDE } from './runs/run-conformance-include';
export { seedRun, type SeedRunInput } from './runs/seed-run';
export { recordRunCancel, type CancelRunRecord } from './runs/cancel-run';
export { markRunOutboxDone } from './runs/mark-run-outbox-done';
export { findStaleRunOutbox } from './runs/find-stale-run-outbox';
export { RunFinishedOutboxPayload, RUN_FINISHED_OUTBOX_KIND, type RunOutboxEntry } from './runs/run-outbox-payload';
export { ServerAuthorizationSecrets } from './server-authorization/server-authorization-secrets';
export {
  saveServerAuthorization,
  type SaveServerAuthorizationInput,
} from './server-authorization/save-server-authorization';
export {
  loadServerAuthorization,
  type LoadedServerAuthorization,
} from './server-authorization/load-server-authorization';
export {
  updateServerAuthorizationTokens,
  type UpdateServerAuthorizationTokensInput,
} from './server-authorization/update-server-authorization-tokens';
export {
  markServerAuthorization,
  type MarkServerAuthorizationInput,
} from './server-authorization/mark-server-authorization';
export {
  serverAuthorizationStore,
  type StoredServerAuthorization,
} from './server-authorization/server-authorization-store';
export {
  createEventDeliveries,
  type CreateEventDeliveriesInput,
  type WebhookEventToDeliver,
} from './webhooks/create-event-deliveries';
export {
  recordSurface,
  findSurfaceSnapshot,
  type RecordSurfaceInput,
  type RecordedSurface,
} from './surfaces/record-surface';
export { claimDueMonitors, type ClaimDueMonitorsInput, type ClaimedMonitor } from './monitors/claim-due-monitors';
export { recordMonitorChecks, type MonitorCheckRecord } from './monitors/record-monitor-checks';
export { releaseMonitors, type MonitorRelease } from './monitors/release-monitors';
export { claimDueSchedules, type ClaimDueSchedulesInput, type ClaimedSchedule } from './schedules/claim-due-schedules';
export { settleScheduleClaims, type ScheduleSettlement } from './schedules/settle-schedule-claims';
export { armSuiteSchedules, type ArmSuiteSchedulesResult } from './schedules/arm-suite-schedules';
export { recordSuiteDay } from './lifecycle/record-suite-day';
export { deleteExpiredRuns, type DeleteExpiredRunsInput, type DeletedRuns } from './lifecycle/delete-expired-runs';
export { pruneExpiredTranscripts } from './lifecycle/prune-expired-transcripts';
export { deleteExpiredRows, EXPIRING_TABLES, type ExpiringTable } from './lifecycle/delete-expired-rows';
export { deleteUnreferencedSurfaceSnapshots } from './lifecycle/delete-unreferenced-surface-snapshots';
