import { z } from 'zod';
import { RunSurfaceDrift, SurfacePinVerdict } from '../surface/run-surface-drift';
import { WireFinding } from '../wire/wire-finding';
import {
  type DbRunStatus,
  type DbRunTrigger,
  RUN_STATUS_TO_WIRE,
  RUN_TRIGGER_TO_WIRE,
  WIRE_RUN_STATUSES,
  WIRE_RUN_TRIGGERS,
} from './wire-enums';

/*
 * The Run resource: the one definition of a run on the wire (REST `GET /runs/{id}`, `/api/mcp`'s get_run, the run
 * page, and `data.run` of a webhook body). Mappers take plain rows (the Prisma columns), so the web app and the worker
 * share them without core touching the database.
 */

export const RunStatus = z.enum(WIRE_RUN_STATUSES);
export const RunTrigger = z.enum(WIRE_RUN_TRIGGERS);
const RunSummaryResource = z.object({ total: z.int(), passed: z.int(), failed: z.int(), skipped: z.int() });

export const AssertionResultResource = z.object({
  name: z.string(),
  status: z.enum(['PASS', 'FAIL', 'SKIP']),
  detail: z.string(),
  durationMs: z.int(),
  tool: z.string().optional(),
  toolClass: z.string().optional(),
  decision: z.string().optional(),
  trial: z.int(),
  /** The MCP revision the assertion's messages were validated against (docs/protocol.md); absent when not validated. */
  wireRevision: z.string().optional(),
  /** Where those messages broke the revision's schema; absent when nowhere. */
  wireFindings: z.array(WireFinding).optional(),
});
export type AssertionResultResource = z.infer<typeof AssertionResultResource>;

/** The counts of a run's conformance report (a suite with a `conformance:` block; docs/protocol.md#conformance). */
export const RunConformanceSummary = z.object({
  /** The requirement set judged (2025-11-25, 2026-07-28). */
  revision: z.string(),
  /** Nothing failed unexpectedly and no expected_failures entry is stale. */
  ok: z.boolean(),
  total: z.int(),
  passed: z.int(),
  failed: z.int(),
  warnings: z.int(),
  skipped: z.int(),
  /** FAILs listed in expected_failures (XFAIL). */
  expectedFailures: z.int(),
});
export type RunConformanceSummary = z.infer<typeof RunConformanceSummary>;

/** What the run read of its server's surface (docs/health.md); the diff itself is on the server's drift history. */
export const RunSurfaceSummary = z.object({
  /** SHA-256 of the canonical surface the run read. */
  hash: z.string(),
  /** It differs from the surface recorded before the run. */
  changed: z.boolean(),
  /** The change is loud (a read-only tool no longer is, a tool became destructive, a destructive tool appeared). */
  loud: z.boolean(),
  /** The pin's verdict against the approved surface; null when the run is not pinned. */
  pin: SurfacePinVerdict.nullable(),
});
export type RunSurfaceSummary = z.infer<typeof RunSurfaceSummary>;

export const RegressionResource = z.object({
  name: z.string(),
  before: z.literal('PASS'),
  after: z.enum(['FAIL', 'SKIP']),
  detail: z.string(),
});

/** The run as the contract has it, plus the context a CI needs. */
export const RunResource = z.object({
  id: z.string(),
  url: z.string(),
  projectId: z.string(),
  suiteId: z.string(),
  suiteVersion: z.int(),
  status: RunStatus,
  trigger: RunTrigger,
  commitSha: z.string().nullable(),
  branch: z.string().nullable(),
  summary: RunSummaryResource,
  results: z.array(AssertionResultResource),
  regressions: z.array(RegressionResource),
  /** Tool calls the run made (`tools/call`, setup steps included). */
  callsUsed: z.int(),
  /** HTTP requests the run sent to the server, of every kind (tool calls included). */
  requestsUsed: z.int(),
  /** The MCP protocol version the run's sessions negotiated (docs/protocol.md); null when no session opened. */
  protocolVersion: z.string().nullable(),
  /** Present when the run checked conformance (its suite has a `conformance:` block). */
  conformance: RunConformanceSummary.optional(),
  /** Present when the run recorded its server's surface (hosted runs whose session opened). */
  surface: RunSurfaceSummary.optional(),
  error: z.string().nullable(),
  queuedAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  durationMs: z.int().nullable(),
});
export type RunResource = z.infer<typeof RunResource>;

/** In lists: the run without its results. */
export const RunListItem = RunResource.omit({ results: true });
export type RunListItem = z.infer<typeof RunListItem>;

/**
 * `data.run` of a webhook body (docs/webhooks.md): the list item without the budget counters, `protocolVersion` and
 * `queuedAt`, which the webhook contract never carried.
 */
export const RunWebhookRun = RunListItem.omit({
  callsUsed: true,
  requestsUsed: true,
  protocolVersion: true,
  queuedAt: true,
  surface: true,
});
export type RunWebhookRun = z.infer<typeof RunWebhookRun>;

/** The run columns the mappers read (as Prisma returns them). */
export interface RunRow {
  id: string;
  projectId: string;
  suiteId: string;
  suiteVersion: number;
  status: DbRunStatus;
  trigger: DbRunTrigger;
  commitSha: string | null;
  branch: string | null;
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  /** `Run.regressions` as stored: an array of `{name, before, after, detail}`. */
  regressions: unknown;
  callsUsed: number;
  requestsUsed: number;
  protocolVersion: string | null;
  /** The run's ConformanceReport (its counts), when the query included it and the run has one. */
  conformance?: RunConformanceSummary | null;
  /** `Run.surfaceDrift` as stored (core RunSurfaceDrift), when the query included it. */
  surfaceDrift?: unknown;
  error: string | null;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
}

/** The assertion result columns the mapper reads. */
export interface ResultRow {
  name: string;
  status: 'PASS' | 'FAIL' | 'SKIP';
  detail: string | null;
  durationMs: number;
  tool: string | null;
  toolClass: string | null;
  decision: string | null;
  trial: number;
  /** Absent in rows selected without them. */
  wireRevision?: string | null;
  /** `AssertionResult.wireFindings` as stored (JSON). */
  wireFindings?: unknown;
}

export function runUrl(appUrl: string, runId: string): string {
  return `${appUrl}/runs/${runId}`;
}

function regressionsOf(row: Pick<RunRow, 'regressions'>): RunListItem['regressions'] {
  // Stored by the worker from core's `findRegressions`; a row from before regressions existed holds null.
  return Array.isArray(row.regressions) ? (row.regressions as RunListItem['regressions']) : [];
}

export function toRunListItem(row: RunRow, appUrl: string): RunListItem {
  return {
    id: row.id,
    url: runUrl(appUrl, row.id),
    projectId: row.projectId,
    suiteId: row.suiteId,
    suiteVersion: row.suiteVersion,
    status: RUN_STATUS_TO_WIRE[row.status],
    trigger: RUN_TRIGGER_TO_WIRE[row.trigger],
    commitSha: row.commitSha,
    branch: row.branch,
    summary: { total: row.total, passed: row.passed, failed: row.failed, skipped: row.skipped },
    regressions: regressionsOf(row),
    callsUsed: row.callsUsed,
    requestsUsed: row.requestsUsed,
    protocolVersion: row.protocolVersion,
    ...(row.conformance ? { conformance: conformanceOf(row.conformance) } : {}),
    ...surfaceOf(row.surfaceDrift),
    error: row.error,
    queuedAt: row.queuedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
  };
}

/** The stored drift as the resource summarizes it; a run without one (or an unreadable one) has no `surface`. */
function surfaceOf(stored: unknown): { surface?: RunSurfaceSummary } {
  if (stored === undefined || stored === null) return {};
  const parsed = RunSurfaceDrift.safeParse(stored);
  if (!parsed.success) return {};
  const drift = parsed.data;
  return {
    surface: {
      hash: drift.hash,
      changed: drift.changed,
      loud: drift.diff?.loud ?? false,
      pin: drift.pin?.verdict ?? null,
    },
  };
}

/** Only the summary's fields: a row selected with more columns must not leak them onto the wire. */
function conformanceOf(row: RunConformanceSummary): RunConformanceSummary {
  const { revision, ok, total, passed, failed, warnings, skipped, expectedFailures } = row;
  return { revision, ok, total, passed, failed, warnings, skipped, expectedFailures };
}

export function toAssertionResultResource(r: ResultRow): AssertionResultResource {
  return {
    name: r.name,
    status: r.status,
    detail: r.detail ?? '',
    durationMs: r.durationMs,
    trial: r.trial,
    ...(r.tool ? { tool: r.tool } : {}),
    ...(r.toolClass ? { toolClass: r.toolClass } : {}),
    ...(r.decision ? { decision: r.decision } : {}),
    ...(r.wireRevision ? { wireRevision: r.wireRevision } : {}),
    ...wireFindingsOf(r.wireFindings),
  };
}

/** Stored findings as the resource has them; a row the schema does not recognise shows none rather than junk. */
function wireFindingsOf(stored: unknown): { wireFindings?: WireFinding[] } {
  const parsed = z.array(WireFinding).min(1).safeParse(stored);
  return parsed.success ? { wireFindings: parsed.data } : {};
}

export function toRunResource(row: RunRow, results: readonly ResultRow[], appUrl: string): RunResource {
  return { ...toRunListItem(row, appUrl), results: results.map(toAssertionResultResource) };
}

/** `data.run` of a webhook body: the same mapper, minus the fields the webhook contract does not carry. */
export function toRunWebhookRun(row: RunRow, appUrl: string): RunWebhookRun {
  const {
    callsUsed: _calls,
    requestsUsed: _requests,
    protocolVersion: _protocol,
    queuedAt: _queued,
    surface: _surface,
    ...run
  } = toRunListItem(row, appUrl);
  return run;
}
