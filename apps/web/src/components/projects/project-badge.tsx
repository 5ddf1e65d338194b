'use client';
import { useActionState } from 'react';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';

/**
 * Before a project has badge URLs: what the badge is and a button to create them. Badge URLs are public (anyone with
 * the link sees the status), so they exist only once someone asks.
 */
export function CreateProjectBadge({
  org,
  projectId,
  action,
}: {
  org: string;
  projectId: string;
  action: (previous: ActionState<undefined>, form: FormData) => Promise<ActionState<undefined>>;
}) {
  const [state, formAction] = useActionState(action, null);
  return (
    <form action={formAction} className="form">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="projectId" value={projectId} />
      <p>
        One badge for the whole project: passing when every enabled suite’s latest run passed. Its URL is public but
        unguessable, for a README or a status page.
      </p>
      <FormMessage state={state} />
      <SubmitButton variant="secondary" pendingText="Creating…">
        Create badge URLs
      </SubmitButton>
    </form>
  );
}
