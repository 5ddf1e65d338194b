'use client';
import type { ActionState } from '../../lib/action-state';
import type { ServerResource } from '../../server/services/servers/server-schemas';
import { PendingButton } from './pending-button';
import { ServerFields } from './server-fields';
import { useKeptForm } from '../kept-form';
import { FormStatus } from './form-status';

/** Name, URL and transport of a registered server (headers have their own forms: values are write-only). */
export function EditServerForm({
  org,
  server,
  action,
}: {
  org: string;
  server: ServerResource;
  action: (previous: ActionState<ServerResource>, form: FormData) => Promise<ActionState<ServerResource>>;
}) {
  const [state, onSubmit, pending] = useKeptForm(action);
  return (
    <form onSubmit={onSubmit} className="form" aria-label="Edit server" noValidate>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={server.id} />
      <ServerFields state={state} idPrefix="edit-server" defaults={server} />
      <FormStatus state={state} />
      <PendingButton pending={pending} pendingText="Saving…">
        Save changes
      </PendingButton>
    </form>
  );
}
