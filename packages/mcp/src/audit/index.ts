export { runAudit, observeCallError } from './run-audit';
export { openAuditSession, type OpenAuditSessionOptions } from './open-audit-session';
export type {
  AuditEvent,
  AuditFailureCode,
  AuditProbeReport,
  AuditReport,
  AuditServerInfo,
  AuditSession,
  AuditToolReport,
  AuditTransport,
  OpenAuditSession,
  RunAuditOptions,
  RunAuditResult,
} from './audit-types';
