// What `mcptest ci` reads from the mcptest REST API (DESIGN.md, REST API). Parsed leniently: unknown fields are kept
// (so `--json` prints what the server sent) and optional ones may be missing or null, because the CLI may talk to a
// newer or older server than itself.
import { z } from 'zod';

/** Run statuses; the last four are final. */
export const RunStatus = z.enum(['queued', 'running', 'passed', 'failed', 'error', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatus>;

export type FinalRunStatus = Exclude<RunStatus, 'queued' | 'running'>;

/** Whether a run has finished (nothing about it changes any more). */
export function isFinalStatus(status: RunStatus): status is FinalRunStatus {
  return status !== 'queued' && status !== 'running';
}

const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

/** Text that an older or newer server may leave out or send as null: the empty string then. */
const textOrEmpty = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** A duration an older or newer server may leave out or send as null: 0 then. */
const msOrZero = z
  .number()
  .nullish()
  .transform((v) => v ?? 0);

const Summary = z.object({
  total: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});

const ApiResult = z.looseObject({
  name: z.string(),
  status: z.enum(['PASS', 'FAIL', 'SKIP']),
  detail: textOrEmpty,
  durationMs: msOrZero,
  tool: optionalString,
  /** Which trial of the assertion (runs with trials list one result per trial). */
  trial: z.number().int().optional(),
});

const ApiRegression = z.looseObject({
  name: z.string(),
  before: z.literal('PASS'),
  after: z.enum(['FAIL', 'SKIP']),
  detail: textOrEmpty,
});

/** `GET /api/v1/runs/{id}`, and the 200 answer of a trigger that waited for the run to finish. */
export const ApiRun = z.looseObject({
  id: z.string().min(1),
  url: optionalString,
  suiteId: optionalString,
  status: RunStatus,
  commitSha: optionalString,
  branch: optionalString,
  summary: Summary.nullish().transform((v) => v ?? { total: 0, passed: 0, failed: 0, skipped: 0 }),
  results: z
    .array(ApiResult)
    .nullish()
    .transform((v) => v ?? []),
  regressions: z
    .array(ApiRegression)
    .nullish()
    .transform((v) => v ?? []),
  error: optionalString,
  durationMs: z
    .number()
    .nullish()
    .transform((v) => v ?? undefined),
});
export type ApiRun = z.infer<typeof ApiRun>;

/** `GET /api/v1/suites/{id}`: only the name is used (report headings). */
export const ApiSuite = z.looseObject({ id: z.string(), name: z.string() });

/** The 202 answer of `POST /api/v1/suites/{id}/runs`: the run is queued (or running). */
export const TriggerAccepted = z.looseObject({ id: z.string().min(1), status: RunStatus, url: optionalString });
export type TriggerAccepted = z.infer<typeof TriggerAccepted>;

/** The API's error body, `{"error":{"code","message","details"}}`. */
export const ApiErrorBody = z.object({
  error: z.looseObject({
    code: z.string().optional(),
    message: z.string().optional(),
    details: z.unknown().optional(),
  }),
});

const EventSummary = Summary;

/**
 * A run's live events (`GET /api/v1/runs/{id}/events`): the RunEvent union of packages/redis/src/runs/run-events.ts,
 * restated here because the CLI depends on neither the queue package nor Redis. Extra fields are ignored; an event
 * of an unknown type is skipped.
 */
export const CiRunEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run.started'), attempt: z.number().int().optional() }),
  z.object({ type: z.literal('assertion.started'), name: z.string() }),
  z.object({
    type: z.literal('assertion.finished'),
    name: z.string(),
    trial: z.number().int().optional(),
    status: z.enum(['PASS', 'FAIL', 'SKIP']),
    detail: textOrEmpty,
    durationMs: msOrZero,
    tool: optionalString,
  }),
  z.object({
    type: z.literal('budget.exhausted'),
    scope: z.enum(['run', 'tenant_daily']),
    limit: z.number().int(),
    unit: z.literal('requests').optional(),
  }),
  z.object({
    type: z.literal('run.finished'),
    status: z.enum(['passed', 'failed', 'error', 'cancelled']),
    summary: EventSummary.optional(),
    regressions: z.number().int().optional(),
    error: optionalString,
  }),
]);
export type CiRunEvent = z.infer<typeof CiRunEvent>;
