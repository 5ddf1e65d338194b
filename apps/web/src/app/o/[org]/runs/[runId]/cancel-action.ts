'use server';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { cancelRunRequest } from '@/server/services/runs/cancel-run';
import { orgAction } from '@/server/ui/org-action';

const cancel = orgAction('cancelRun', z.object({ runId: z.string().min(1) }), ({ deps, actor }, input) =>
  cancelRunRequest(deps, actor, input.runId),
);

type CancelOutcome = Awaited<ReturnType<typeof cancelRunRequest>>;

/** Cancels a queued run at once or asks its worker to stop a running one (MEMBER or higher). */
export async function cancelRunAction(
  previous: ActionState<CancelOutcome>,
  form: FormData,
): Promise<ActionState<CancelOutcome>> {
  const result = await cancel(previous, form);
  if (!result?.ok || !result.data) return result;
  const message =
    result.data.outcome === 'cancelled'
      ? 'Cancelled.'
      : result.data.outcome === 'cancelling'
        ? 'Stopping: the worker ends the run after the call in flight.'
        : `The run had already finished (${result.data.status}).`;
  return { ...result, message };
}
