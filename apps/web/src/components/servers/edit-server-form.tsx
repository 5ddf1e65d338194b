'use client';
import type { ActionState } from '@/lib/action-state';
import type { AllowedAddressesView } from '@/server/services/servers/get-allowed-addresses';
import type { ServerResource } from '@/server/services/servers/server-schemas';
import { HeaderRows } from './header-rows';
import { PendingButton } from './pending-button';
import { ServerFields } from './server-fields';
import { useKeptForm } from '@/components/kept-form';
import { FormStatus } from './form-status';

/**
 * Name, URL and transport of a registered server. Headers have their own forms (values are write-only); rows entered
 * here replace them all, which is how they follow a URL to another origin (without rows they are removed then).
 */
export function EditServerForm({
  org,
  server,
  action,
  addresses,
}: {
  org: string;
  server: ServerResource;
  action: (previous: ActionState<ServerResource>, form: FormData) => Promise<ActionState<ServerResource>>;
  /** The deployment's address policy (getAllowedAddresses), for the URL field's hint. */
  addresses: AllowedAddressesView;
}) {
  const [state, onSubmit, pending, formAction] = useKeptForm(action);
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" aria-label="Edit server" noValidate>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={server.id} />
      <ServerFields state={state} idPrefix="edit-server" defaults={server} addresses={addresses} />
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
