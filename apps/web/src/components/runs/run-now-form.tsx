'use client';
import { useActionState, useId } from 'react';
import { fieldError, type ActionState } from '@/lib/action-state';
import { describedBy, Field } from '@/components/field';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';

/**
 * "Run now": queues a manual run and opens its page. Branch and commit are optional labels (shown in history and
 * used by the baseline rule), tucked under "More options" because most manual runs need neither.
 */
export function RunNowForm({
  org,
  suiteId,
  action,
  label = 'Run now',
}: {
  org: string;
  suiteId: string;
  action: (previous: ActionState<{ id: string }>, form: FormData) => Promise<ActionState<{ id: string }>>;
  label?: string;
}) {
  const [state, formAction] = useActionState(action, null);
  const id = useId();
  const branchError = fieldError(state, 'branch');
  const commitError = fieldError(state, 'commitSha');
  return (
    <form action={formAction} className="runs-run-now">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="suiteId" value={suiteId} />
      <SubmitButton pendingText="Queuing…">{label}</SubmitButton>
      <details className="runs-more" open={Boolean(branchError || commitError)}>
        <summary>More options</summary>
        <Field
          id={`${id}-branch`}
          label="Branch"
          hint="Optional, e.g. main. Shown in history and filters."
          error={branchError}
        >
          <input
            id={`${id}-branch`}
            name="branch"
            maxLength={255}
            autoComplete="off"
            {...describedBy(`${id}-branch`, { hint: true, error: branchError })}
          />
        </Field>
        <Field id={`${id}-commit`} label="Commit" hint="Optional commit SHA this run tests." error={commitError}>
          <input
            id={`${id}-commit`}
            name="commitSha"
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            {...describedBy(`${id}-commit`, { hint: true, error: commitError })}
          />
        </Field>
      </details>
      <FormMessage state={state} />
    </form>
  );
}
