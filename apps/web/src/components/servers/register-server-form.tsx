'use client';
import type { ActionState } from '@/lib/action-state';
import type { AllowedAddressesView } from '@/server/services/servers/get-allowed-addresses';
import type { ServerResource } from '@/server/services/servers/server-schemas';
import { HeaderRows } from './header-rows';
import { PendingButton } from './pending-button';
import { ServerFields } from './server-fields';
import { useKeptForm } from '@/components/kept-form';
import { FormStatus } from './form-status';

/** The register form: name, URL, transport, write-only headers; the action opens the new server's page. */
export function RegisterServerForm({
  org,
  projectId,
  action,
  addresses,
}: {
  org: string;
  projectId: string;
  action: (previous: ActionState<ServerResource>, form: FormData) => Promise<ActionState<ServerResource>>;
  /** The deployment's address policy (getAllowedAddresses), for the URL field's hint. */
  addresses: AllowedAddressesView;
}) {
  const [state, onSubmit, pending, formAction] = useKeptForm(action);
  return (
    <form action={formAction} onSubmit={onSubmit} className="card form" aria-label="Register a server" noValidate>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="projectId" value={projectId} />
      <ServerFields state={state} idPrefix="server" addresses={addresses} />
      <HeaderRows state={state} />
      <FormStatus state={state} />
      <PendingButton pending={pending} pendingText="Registering…">
        Register server
      </PendingButton>
    </form>
  );
}
