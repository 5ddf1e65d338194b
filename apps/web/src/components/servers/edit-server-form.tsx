'use client';
import type { ActionState } from '../../lib/action-state';
import type { ServerResource } from '../../server/services/servers/server-schemas';
import { HeaderRows } from './header-rows';
import { PendingButton } from './pending-button';
import { ServerFields } from './server-fields';
import { useKeptForm } from '../kept-form';
import { FormStatus } from './form-status';

/**
 * Name, URL and transport of a registered server. Headers have their own forms (values are write-only); rows entered
 * here replace them all, which is how they follow a URL to another origin (without rows they are removed then).
 */
export function EditServerForm({
  org,
  server,
  action,
}: {
  org: string;
  server: ServerResource;
  action: (previous: ActionState<ServerResource>, form: FormData) => Promise<ActionState<ServerResource>>;
}) {
  const [state, onSubmit, pending, formAction] = useKeptForm(action);
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" aria-label="Edit server" noValidate>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={server.id} />
      <ServerFields state={state} idPrefix="edit-server" defaults={server} />
      <HeaderRows
        state={state}
        hint={
          <>
            Leave empty to keep the stored headers. Moving the URL to another scheme, host or port removes them, so that
            they are never sent to a server they were not entered for: enter them here to keep them. Rows entered here
            replace all stored headers.
          </>
        }
      />
      <FormStatus state={state} />
      <PendingButton pending={pending} pendingText="Saving…">
        Save changes
      </PendingButton>
    </form>
  );
}
