import { z } from 'zod';
import { PageQuery } from '../pagination';

export const RunStatus = z.enum(['queued', 'running', 'passed', 'failed', 'error', 'cancelled']);
export const RunTrigger = z.enum(['manual', 'api', 'ci', 'webhook', 'schedule']);
const Summary = z.object({ total: z.int(), passed: z.int(), failed: z.int(), skipped: z.int() });

export const TriggerRunRequest = z.strictObject({
  commitSha: z.string().trim().min(1).max(100).optional(),
  branch: z.string().trim().min(1).max(255).optional(),
  /** Seconds to wait for the run to finish before answering (bounded by the server, 60 s by default). */
  wait: z.number().int().min(0).max(3600).optional(),
  /**
   * What the run is labelled (`trigger` of the run): `ci` for a pipeline, `api` for anything else. `mcptest ci` always
   * sends `ci`; without it a run that names a commit or a branch is `ci`, else `api` (see `apiRunTrigger`).
   */
  trigger: z.enum(['api', 'ci']).optional(),
});
export type TriggerRunRequest = z.infer<typeof TriggerRunRequest>;

export const AssertionResultResource = z.object({
  name: z.string(),
  status: z.enum(['PASS', 'FAIL', 'SKIP']),
  detail: z.string(),
  durationMs: z.int(),
  tool: z.string().optional(),
  toolClass: z.string().optional(),
  decision: z.string().optional(),
  trial: z.int(),
});

export const RegressionResource = z.object({
  name: z.string(),
  before: z.literal('PASS'),
  after: z.enum(['FAIL', 'SKIP']),
  detail: z.string(),
});

/** The run as DESIGN.md's contract has it, plus the context a CI needs. */
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
  summary: Summary,
  results: z.array(AssertionResultResource),
  regressions: z.array(RegressionResource),
  /** Tool calls the run made (`tools/call`, setup steps included). */
  callsUsed: z.int(),
  /** HTTP requests the run sent to the server, of every kind (tool calls included). */
  requestsUsed: z.int(),
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

export const TriggerRunAccepted = z.object({ id: z.string(), status: RunStatus, url: z.string() });

export const ListRunsQuery = PageQuery.extend({
  projectId: z.string().optional(),
  suiteId: z.string().optional(),
  status: RunStatus.optional(),
  trigger: RunTrigger.optional(),
  branch: z.string().max(255).optional(),
});
export type ListRunsQuery = z.infer<typeof ListRunsQuery>;

export const CancelRunResult = z.object({
  id: z.string(),
  outcome: z.enum(['cancelled', 'cancelling', 'already_finished']),
  status: RunStatus,
});
