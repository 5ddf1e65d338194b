import { ApiRun, isFinalStatus, TriggerAccepted } from './api-schemas';
import { ApiError, type ApiClient } from './call-api';
import { describeIssues } from './get-run';

export interface TriggerRunInput {
  suiteId: string;
  commitSha?: string | undefined;
  branch?: string | undefined;
  /** Sent as the Idempotency-Key header: the same key gets the same run back. */
  idempotencyKey: string;
  signal?: AbortSignal;
}

/** The trigger's answer: a queued run to follow (202), or one that has already finished (200). */
export type TriggerOutcome = { kind: 'accepted'; run: TriggerAccepted } | { kind: 'finished'; run: ApiRun };

/**
 * `POST /api/v1/suites/{id}/runs`, labelled `ci`. It asks for no server-side `wait`: the CLI follows the run's event stream instead,
 * which shows progress and is not bounded at 60 s. A 200 still happens when the key names a run that already finished
 * (a retried CI step), and then comes back as `finished`.
 */
export async function triggerRun(client: ApiClient, input: TriggerRunInput): Promise<TriggerOutcome> {
  const path = `/api/v1/suites/${encodeURIComponent(input.suiteId)}/runs`;
  const { body } = await client.json({
    method: 'POST',
    path,
    headers: { 'idempotency-key': input.idempotencyKey },
    body: {
      // Labels the run `ci` (not `api`) also when no commit or branch could be found: a local try-out of the command
      // or a CI system the CLI does not know (docs/ci.md).
      trigger: 'ci',
      ...(input.commitSha !== undefined && { commitSha: input.commitSha }),
      ...(input.branch !== undefined && { branch: input.branch }),
    },
    signal: input.signal,
  });
  const full = ApiRun.safeParse(body);
  if (full.success && isFinalStatus(full.data.status)) return { kind: 'finished', run: full.data };
  const accepted = TriggerAccepted.safeParse(body);
  if (accepted.success) return { kind: 'accepted', run: accepted.data };
  throw new ApiError('bad_response', `POST ${path}: unexpected answer (${describeIssues(accepted.error)})`);
}
