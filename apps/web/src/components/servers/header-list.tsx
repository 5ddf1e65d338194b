'use client';
import type { ActionState } from '@/lib/action-state';
import type { ServerResource } from '@/server/services/servers/server-schemas';
import { describedBy, Field } from '@/components/field';
import { FormMessage } from '@/components/form-message';
import { fieldError } from '@/lib/action-state';
import { PendingButton } from './pending-button';
import { useKeptForm } from '@/components/kept-form';
import { FormStatus } from './form-status';

type HeaderAction = (previous: ActionState<ServerResource>, form: FormData) => Promise<ActionState<ServerResource>>;

/** One stored header: its name, and (for members) a form to replace its value and a button to remove it. */
function HeaderItem({
  org,
  serverId,
  name,
  setAction,
  removeAction,
}: {
  org: string;
  serverId: string;
  name: string;
  setAction: HeaderAction;
  removeAction: HeaderAction;
}) {
  const [setState, onSet, setting, setFormAction] = useKeptForm(setAction);
  const [removeState, onRemove, removing, removeFormAction] = useKeptForm(removeAction);
  const id = `header-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const error = fieldError(setState, 'headerValue') ?? fieldError(setState, 'headerName');
  return (
    <li className="servers-header-item">
      <div className="servers-header-name">
        <code>{name}</code> <span className="muted">value hidden</span>
      </div>
      <details className="servers-inline-details">
        <summary>Replace value</summary>
        <form
          action={setFormAction}
          onSubmit={onSet}
          className="form"
          aria-label={`Replace the value of ${name}`}
          noValidate
        >
          <input type="hidden" name="org" value={org} />
          <input type="hidden" name="serverId" value={serverId} />
          <input type="hidden" name="headerName" value={name} />
          <Field id={`${id}-value`} label={`New value for ${name}`} error={error}>
            <input
              id={`${id}-value`}
              name="headerValue"
              type="password"
              autoComplete="new-password"
              required
              {...describedBy(`${id}-value`, { error })}
            />
          </Field>
          <FormStatus state={setState} />
          <PendingButton pending={setting} pendingText="Saving…" small>
            Save value
          </PendingButton>
        </form>
      </details>
      <form action={removeFormAction} onSubmit={onRemove} className="servers-inline-form">
        <input type="hidden" name="org" value={org} />
        <input type="hidden" name="serverId" value={serverId} />
        <input type="hidden" name="headerName" value={name} />
        <PendingButton pending={removing} pendingText="Removing…" variant="secondary" small>
          <span aria-hidden="true">Remove</span>
          <span className="sr-only">Remove header {name}</span>
        </PendingButton>
        <FormMessage state={removeState} />
      </form>
    </li>
  );
}

/** A new header (name + write-only value). */
function AddHeaderForm({ org, serverId, action }: { org: string; serverId: string; action: HeaderAction }) {
  const [state, onSubmit, pending, formAction] = useKeptForm(action);
  const nameError = fieldError(state, 'headerName');
  const valueError = fieldError(state, 'headerValue');
  return (
    <details className="servers-inline-details">
      <summary>Add a header</summary>
      <form action={formAction} onSubmit={onSubmit} className="form" aria-label="Add a header" noValidate>
        <input type="hidden" name="org" value={org} />
        <input type="hidden" name="serverId" value={serverId} />
        <Field id="add-header-name" label="Header name" hint="e.g. Authorization or X-API-Key" error={nameError}>
          <input
            id="add-header-name"
            name="headerName"
            autoComplete="off"
            spellCheck={false}
            required
            {...describedBy('add-header-name', { hint: true, error: nameError })}
          />
        </Field>
        <Field id="add-header-value" label="Value" hint="Encrypted, never shown again." error={valueError}>
          <input
            id="add-header-value"
            name="headerValue"
            type="password"
            autoComplete="new-password"
            required
            {...describedBy('add-header-value', { hint: true, error: valueError })}
          />
        </Field>
        <FormStatus state={state} />
        <PendingButton pending={pending} pendingText="Saving…" small>
          Add header
        </PendingButton>
      </form>
    </details>
  );
}

/**
 * The server's headers by name only (values are write-only). Members replace a value or remove a header without
 * resending the others.
 */
export function HeaderList({
  org,
  server,
  canEdit,
  setAction,
  removeAction,
}: {
  org: string;
  server: ServerResource;
  canEdit: boolean;
  setAction: HeaderAction;
  removeAction: HeaderAction;
}) {
  return (
    <div className="servers-header-list">
      {server.headerNames.length === 0 ? (
        <p className="muted">
          {server.hasHeaders
            ? 'Headers are stored but cannot be read with the current encryption keys: add them again.'
            : 'No headers. Add one if the server needs authentication.'}
        </p>
      ) : (
        <ul>
          {server.headerNames.map((name) =>
            canEdit ? (
              <HeaderItem
                key={name}
                org={org}
                serverId={server.id}
                name={name}
                setAction={setAction}
                removeAction={removeAction}
              />
            ) : (
              <li key={name} className="servers-header-item">
                <code>{name}</code> <span className="muted">value hidden</span>
              </li>
            ),
          )}
        </ul>
      )}
      {canEdit ? <AddHeaderForm org={org} serverId={server.id} action={setAction} /> : null}
    </div>
  );
}
