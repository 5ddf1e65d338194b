import { ConformanceRevision } from '@mcptest/core';
import { z } from 'zod';
import { RunStatus, TriggerRunRequest } from '@/server/services/runs/run-schemas';

/** A check's verdict as stored by the worker (core's ConformanceResult) and as the API shows it. */
export const ConformanceCheckResource = z.object({
  /** The official harness's check id (`tools-name-format`). */
  id: z.string(),
  /** The official scenario it belongs to; `expected_failures` name either. */
  scenario: z.string(),
  title: z.string(),
  /** The spec section the check enforces. */
  specUrl: z.string(),
  /** WARN: a SHOULD not met (never a failure); XFAIL: a FAIL listed in `expected_failures`. */
  status: z.enum(['PASS', 'FAIL', 'WARN', 'SKIPPED', 'XFAIL']),
  message: z.string().optional(),
  /** What the check saw (size-capped by the worker). */
  evidence: z.unknown().optional(),
});
export type ConformanceCheckResource = z.infer<typeof ConformanceCheckResource>;

/** The JSON columns of a ConformanceReport row, checked when read back (written by the worker, read here). */
export const StoredConformanceChecks = z.array(ConformanceCheckResource);
export const StoredNames = z.array(z.string());

/** The latest conformance result of a server for one revision. */
export const ConformanceReportResource = z.object({
  id: z.string(),
  /** The requirement set judged (`2025-11-25`, `2026-07-28`). */
  revision: z.string(),
  /** The revision the session negotiated; null when no session opened. */
  protocolVersion: z.string().nullable(),
  /** "MCP 2026-07-28 · 12/14": passed of the checks judged (not skipped), as on the badge. */
  headline: z.string(),
  /** Nothing failed unexpectedly and no expected_failures entry is stale (the official harness's exit 0). */
  ok: z.boolean(),
  counts: z.object({
    total: z.int(),
    passed: z.int(),
    failed: z.int(),
    warnings: z.int(),
    skipped: z.int(),
    expectedFailures: z.int(),
  }),
  runId: z.string(),
  /** The run's page. */
  runUrl: z.string(),
  /** The suite whose run produced it (the conformance suite of this revision unless another suite has the block). */
  suiteId: z.string(),
  createdAt: z.iso.datetime(),
  checks: StoredConformanceChecks,
  /** `expected_failures` entries that matched no failing check: the fix landed, the entry should go. */
  staleExpectedFailures: StoredNames,
  /** The tools called, in order: only read-only tools or named fixtures ever are. */
  toolCalls: StoredNames,
  /** The public conformance badge of the report's suite (its unguessable badge key) and that suite's status page. */
  badge: z.object({ svgUrl: z.string(), jsonUrl: z.string(), statusUrl: z.string() }),
});
export type ConformanceReportResource = z.infer<typeof ConformanceReportResource>;

/** `GET /servers/{id}/conformance`: the latest report per revision, revisions in order. */
export const ServerConformance = z.object({
  serverId: z.string(),
  /** The revisions mcptest can judge (each can be run with `POST /servers/{id}/conformance`). */
  revisions: z.array(ConformanceRevision),
  items: z.array(ConformanceReportResource),
});
export type ServerConformance = z.infer<typeof ServerConformance>;

/** `POST /servers/{id}/conformance`: which requirement set to run, and how long to wait for the verdict. */
export const RunConformanceRequest = z.strictObject({
  /** The current revision unless named, as in a suite's `conformance:` block. */
  revision: ConformanceRevision.default('2026-07-28'),
  wait: TriggerRunRequest.shape.wait,
});
export type RunConformanceRequest = z.infer<typeof RunConformanceRequest>;

/** What a conformance trigger answers while the run is queued or running (the trigger's 202, plus the suite). */
export const RunConformanceAccepted = z.object({
  id: z.string(),
  status: RunStatus,
  url: z.string(),
  suiteId: z.string(),
  /** True when this request created the server's conformance suite for the revision. */
  suiteCreated: z.boolean(),
});
