'use client';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { PendingButton } from './pending-button';
import { useKeptForm } from '@/components/kept-form';

/** Deleting a server: says what goes with it; the service refuses while suites still use it. */
export function DeleteServerForm({
  org,
  serverId,
  serverName,
  action,
}: {
  org: string;
  serverId: string;
  serverName: string;
  action: (previous: ActionState<{ projectId: string }>, form: FormData) => Promise<ActionState<{ projectId: string }>>;
}) {
  const [state, onSubmit, pending, formAction] = useKeptForm(action);
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" aria-label={`Delete ${serverName}`}>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={serverId} />
      <p>
        Deleting <strong>{serverName}</strong> removes its stored headers, its last discovery and the runs recorded
        against it. A server that suites still use cannot be deleted: point them at another server or delete them first.
      </p>
      <FormMessage state={state} />
      <PendingButton pending={pending} pendingText="Deleting…" variant="danger">
        Delete server
      </PendingButton>
    </form>
  );
}
