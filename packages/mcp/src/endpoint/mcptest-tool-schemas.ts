import { RunStatus } from '@mcptest/core';
import { z } from 'zod';

// The wire shapes of mcptest's own MCP tools (list_suites, trigger_run, get_run). Inputs are strict, so an agent's typo
// (`suite_id`, `wait_seconds`) is an error it can read instead of an argument silently dropped. Outputs are loose
// objects: their JSON Schema allows extra properties, so the web app may add fields without breaking clients that
// validate structuredContent against the declared outputSchema.

/** The longest `wait` trigger_run accepts, in seconds (the web app may bound it further). */
export const MCPTEST_MAX_WAIT_SECONDS = 60;
/** How many suites list_suites returns at most in one call. */
export const MCPTEST_MAX_LIST_LIMIT = 100;
export const MCPTEST_DEFAULT_LIST_LIMIT = 20;

const Id = z.string().trim().min(1).max(200);

export const ListSuitesInput = z.strictObject({
  projectId: Id.optional().describe('Only the suites of this project. Omit to list the suites of every project.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MCPTEST_MAX_LIST_LIMIT)
    .optional()
    .describe(`How many suites at most (1-${MCPTEST_MAX_LIST_LIMIT}, default ${MCPTEST_DEFAULT_LIST_LIMIT}).`),
});
export type ListSuitesInput = z.output<typeof ListSuitesInput>;

export const TriggerRunInput = z.strictObject({
  suiteId: Id.describe('The suite to run (an id from list_suites).'),
  commitSha: z.string().trim().min(1).max(100).optional().describe('The commit being tested, recorded on the run.'),
  branch: z.string().trim().min(1).max(255).optional().describe('The branch being tested, recorded on the run.'),
  wait: z
    .number()
    .int()
    .min(0)
    .max(MCPTEST_MAX_WAIT_SECONDS)
    .optional()
    .describe(
      `Seconds (0-${MCPTEST_MAX_WAIT_SECONDS}) to wait for the run to finish before answering. Many MCP clients give ` +
        'up on a request after 60 s, so 30 is a good value; 0 or absent answers at once.',
    ),
  idempotencyKey: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Calling again with the same key returns the same run instead of starting another (safe retries).'),
});
export type TriggerRunInput = z.output<typeof TriggerRunInput>;

export const GetRunInput = z.strictObject({
  runId: Id.describe('The run (an id from trigger_run or list_suites).'),
});
export type GetRunInput = z.output<typeof GetRunInput>;

// The run statuses of the one Run resource (core), so get_run's declared output can never drift from what it returns.
export const McptestRunStatus = RunStatus;
export type McptestRunStatus = z.output<typeof McptestRunStatus>;

const Summary = z.looseObject({ total: z.int(), passed: z.int(), failed: z.int(), skipped: z.int() });

export const McptestLatestRun = z.looseObject({
  id: z.string(),
  status: McptestRunStatus,
  url: z.string(),
  summary: Summary,
  finishedAt: z.string().nullable(),
});

export const McptestSuite = z.looseObject({
  id: z.string(),
  name: z.string(),
  projectId: z.string(),
  serverId: z.string(),
  version: z.int(),
  enabled: z.boolean(),
  schedule: z.string().nullable(),
  timezone: z.string(),
  badge: z.looseObject({ svgUrl: z.string(), jsonUrl: z.string() }),
  /** The suite's newest run of any status, or null when it never ran. */
  latestRun: McptestLatestRun.nullable(),
});
export type McptestSuite = z.output<typeof McptestSuite>;

export const ListSuitesOutput = z.looseObject({
  suites: z.array(McptestSuite),
  /** True when there are more suites than returned (raise `limit` or pass a `projectId`). */
  truncated: z.boolean(),
});
export type ListSuitesOutput = z.output<typeof ListSuitesOutput>;

export const McptestAssertionResult = z.looseObject({
  name: z.string(),
  status: z.enum(['PASS', 'FAIL', 'SKIP']),
  detail: z.string(),
  durationMs: z.number(),
});

export const McptestRegression = z.looseObject({
  name: z.string(),
  before: z.string(),
  after: z.string(),
  detail: z.string(),
});

export const McptestRun = z.looseObject({
  id: z.string(),
  url: z.string(),
  status: McptestRunStatus,
  suiteId: z.string(),
  summary: Summary,
  results: z.array(McptestAssertionResult),
  regressions: z.array(McptestRegression),
  error: z.string().nullable(),
});
export type McptestRun = z.output<typeof McptestRun>;

export const TriggerRunOutput = z.looseObject({
  id: z.string(),
  status: McptestRunStatus,
  url: z.string(),
  /** Whether the run had finished when the tool answered (then `run` holds it). */
  finished: z.boolean(),
  /** False when an idempotencyKey found an existing run. */
  created: z.boolean(),
  run: McptestRun.optional(),
});
export type TriggerRunOutput = z.output<typeof TriggerRunOutput>;

export const GetRunOutput = McptestRun;
export type GetRunOutput = McptestRun;
