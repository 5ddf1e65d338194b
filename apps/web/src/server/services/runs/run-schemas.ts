import { z } from 'zod';
import { RunStatus, RunTrigger } from '@mcptest/core';
import { PageQuery } from '@/server/services/pagination';

// The Run resource has one definition, in core (shared with the worker's webhook payload); re-exported for the API.
export {
  AssertionResultResource,
  RegressionResource,
  RunListItem,
  RunResource,
  RunStatus,
  RunTrigger,
} from '@mcptest/core';

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
