import type { ExecDecisionKind } from '../policy/decide';
import type { ToolClass } from '../policy/exec-policy-schema';

/*
 * One enum, three casings: core names policy values in PascalCase (`ReadOnly`), Postgres stores SCREAMING_CASE
 * (`READ_ONLY`, also what the REST API shows for a result's toolClass/decision), and the wire shows a run's status and
 * trigger in lowercase (`queued`). These maps are the only bridges between them, so a new value fails to compile here
 * instead of slipping through a `.toLowerCase() as ...` cast.
 */

export const DB_RUN_STATUSES = ['QUEUED', 'RUNNING', 'PASSED', 'FAILED', 'ERROR', 'CANCELLED'] as const;
export type DbRunStatus = (typeof DB_RUN_STATUSES)[number];
export const WIRE_RUN_STATUSES = ['queued', 'running', 'passed', 'failed', 'error', 'cancelled'] as const;
export type WireRunStatus = (typeof WIRE_RUN_STATUSES)[number];

export const DB_RUN_TRIGGERS = ['MANUAL', 'API', 'CI', 'WEBHOOK', 'SCHEDULE'] as const;
export type DbRunTrigger = (typeof DB_RUN_TRIGGERS)[number];
export const WIRE_RUN_TRIGGERS = ['manual', 'api', 'ci', 'webhook', 'schedule'] as const;
export type WireRunTrigger = (typeof WIRE_RUN_TRIGGERS)[number];

export type DbToolClass = 'READ_ONLY' | 'READ_ONLY_PRESUMED' | 'MUTATING' | 'DESTRUCTIVE';
export type DbExecDecision = 'EXECUTE' | 'EXECUTE_ONCE' | 'GENERATE_ONLY' | 'REFUSE';

function invert<K extends string, V extends string>(map: Record<K, V>): Record<V, K> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [v, k])) as Record<V, K>;
}

export const RUN_STATUS_TO_WIRE: Readonly<Record<DbRunStatus, WireRunStatus>> = {
  QUEUED: 'queued',
  RUNNING: 'running',
  PASSED: 'passed',
  FAILED: 'failed',
  ERROR: 'error',
  CANCELLED: 'cancelled',
};
export const RUN_STATUS_FROM_WIRE: Readonly<Record<WireRunStatus, DbRunStatus>> = invert(RUN_STATUS_TO_WIRE);

export const RUN_TRIGGER_TO_WIRE: Readonly<Record<DbRunTrigger, WireRunTrigger>> = {
  MANUAL: 'manual',
  API: 'api',
  CI: 'ci',
  WEBHOOK: 'webhook',
  SCHEDULE: 'schedule',
};
export const RUN_TRIGGER_FROM_WIRE: Readonly<Record<WireRunTrigger, DbRunTrigger>> = invert(RUN_TRIGGER_TO_WIRE);

export const TOOL_CLASS_TO_DB: Readonly<Record<ToolClass, DbToolClass>> = {
  ReadOnly: 'READ_ONLY',
  ReadOnlyPresumed: 'READ_ONLY_PRESUMED',
  Mutating: 'MUTATING',
  Destructive: 'DESTRUCTIVE',
};
export const TOOL_CLASS_FROM_DB: Readonly<Record<DbToolClass, ToolClass>> = invert(TOOL_CLASS_TO_DB);

export const EXEC_DECISION_TO_DB: Readonly<Record<ExecDecisionKind, DbExecDecision>> = {
  Execute: 'EXECUTE',
  ExecuteOnce: 'EXECUTE_ONCE',
  GenerateOnly: 'GENERATE_ONLY',
  Refuse: 'REFUSE',
};
export const EXEC_DECISION_FROM_DB: Readonly<Record<DbExecDecision, ExecDecisionKind>> = invert(EXEC_DECISION_TO_DB);

/** An API token's scope: `READ` in Postgres, `read` on the wire (the permission levels read < run < write < admin). */
export type DbTokenScope = 'READ' | 'RUN' | 'WRITE' | 'ADMIN';
export type WireTokenScope = 'read' | 'run' | 'write' | 'admin';
export const TOKEN_SCOPE_TO_WIRE: Readonly<Record<DbTokenScope, WireTokenScope>> = {
  READ: 'read',
  RUN: 'run',
  WRITE: 'write',
  ADMIN: 'admin',
};
export const TOKEN_SCOPE_FROM_WIRE: Readonly<Record<WireTokenScope, DbTokenScope>> = invert(TOKEN_SCOPE_TO_WIRE);

/** A webhook delivery's status: `PENDING` in Postgres, `pending` on the wire. */
export type DbWebhookDeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';
export type WireWebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';
export const WEBHOOK_DELIVERY_STATUS_TO_WIRE: Readonly<Record<DbWebhookDeliveryStatus, WireWebhookDeliveryStatus>> = {
  PENDING: 'pending',
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
};
export const WEBHOOK_DELIVERY_STATUS_FROM_WIRE: Readonly<Record<WireWebhookDeliveryStatus, DbWebhookDeliveryStatus>> =
  invert(WEBHOOK_DELIVERY_STATUS_TO_WIRE);
