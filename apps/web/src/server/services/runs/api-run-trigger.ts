import type { TriggerRunRequest } from './run-schemas';

/**
 * The label of a run started through `POST /api/v1/suites/{id}/runs`: the caller's own `trigger` when it gives one
 * (`mcptest ci` sends `ci`, so its runs are `ci` whether or not a commit or branch was found), else `ci` for a request
 * that names a commit or a branch (a pipeline calling the API with curl, docs/ci.md "Without the CLI"), else `api`.
 */
export function apiRunTrigger(body: Pick<TriggerRunRequest, 'trigger' | 'commitSha' | 'branch'>): 'API' | 'CI' {
  if (body.trigger) return body.trigger === 'ci' ? 'CI' : 'API';
  return body.commitSha || body.branch ? 'CI' : 'API';
}
