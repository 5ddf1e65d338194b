'use client';
import { useActionState, useId } from 'react';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';

/**
 * "Run conformance": queues a run of the server's conformance suite for the chosen revision (made on first use) and
 * opens the run to watch it live; the Conformance tab shows its verdicts once it finishes.
 */
export function RunConformanceForm({
  org,
  serverId,
  revisions,
  action,
}: {
  org: string;
  serverId: string;
  /** Newest last, as the catalog lists them; the newest is preselected. */
  revisions: readonly string[];
  action: (previous: ActionState<{ id: string }>, form: FormData) => Promise<ActionState<{ id: string }>>;
}) {
  const [state, formAction] = useActionState(action, null);
  const id = useId();
  return (
    <form action={formAction} className="conformance-run">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={serverId} />
      <label htmlFor={`${id}-revision`}>Revision</label>
      <select id={`${id}-revision`} name="revision" defaultValue={revisions[revisions.length - 1]}>
        {[...revisions].reverse().map((revision) => (
          <option key={revision} value={revision}>
            MCP {revision}
          </option>
        ))}
      </select>
      <SubmitButton pendingText="Queuing…">Run conformance</SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
