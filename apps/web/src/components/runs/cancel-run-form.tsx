'use client';
import { useActionState } from 'react';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';

/**
 * Cancel for a queued or running run. The action is passed in (it lives next to the run page); the live stream then
 * reports the run `cancelled` and the page refreshes itself.
 */
export function CancelRunForm<T>({
  org,
  runId,
  action,
}: {
  org: string;
  runId: string;
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;
}) {
  const [state, formAction] = useActionState<ActionState<T>, FormData>(action, null);
  return (
    <form action={formAction} className="runs-cancel">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="runId" value={runId} />
      <SubmitButton variant="danger" pendingText="Cancelling…">
        Cancel run
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
