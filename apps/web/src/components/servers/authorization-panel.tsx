'use client';
import type { ActionState } from '@/lib/action-state';
import { fieldError } from '@/lib/action-state';
import { Field } from '@/components/field';
import { FormMessage } from '@/components/form-message';
import { useKeptForm } from '@/components/kept-form';
import { TimeStamp } from '@/components/time-stamp';
import type { ServerAuthorizationSummary } from '@/server/services/servers/server-schemas';
import { PendingButton } from './pending-button';

type Action<T> = (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;

const KIND_LABELS = {
  authorization_code: 'Authorization code (a user consented)',
  client_credentials: 'Client credentials (machine to machine)',
} as const;
const METHOD_LABELS = {
  pre_registered: 'pre-registered client',
  client_id_metadata_document: 'Client ID Metadata Document',
  dynamic: 'dynamic client registration',
} as const;

function Hidden({ org, serverId }: { org: string; serverId: string }) {
  return (
    <>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={serverId} />
    </>
  );
}

function ConnectForms({
  org,
  serverId,
  connected,
  connectAction,
  clientCredentialsAction,
}: {
  org: string;
  serverId: string;
  connected: boolean;
  connectAction: Action<{ authorizationUrl: string }>;
  clientCredentialsAction: Action<{ issuer: string; scope: string | null }>;
}) {
  const [auto, onAuto, autoPending, autoAction] = useKeptForm(connectAction);
  const [pre, onPre, prePending, preAction] = useKeptForm(connectAction);
  const [machine, onMachine, machinePending, machineAction] = useKeptForm(clientCredentialsAction);
  return (
    <div className="servers-authorization-connect">
      <form action={autoAction} onSubmit={onAuto} className="form" aria-label="Connect automatically">
        <Hidden org={org} serverId={serverId} />
        <input type="hidden" name="mode" value="automatic" />
        <p className="field-hint">
          mcptest finds the server&apos;s authorization server, registers itself (its Client ID Metadata Document, else
          dynamic registration) and sends you to sign in and allow access. PKCE and the server&apos;s resource are used.
        </p>
        <FormMessage state={auto} />
        <PendingButton pending={autoPending} pendingText="Connecting…">
          {connected ? 'Reconnect' : 'Connect'}
        </PendingButton>
      </form>
      <details className="servers-inline-details">
        <summary>Use a client you registered with the authorization server</summary>
        <form action={preAction} onSubmit={onPre} className="form" aria-label="Connect with a registered client">
          <Hidden org={org} serverId={serverId} />
          <input type="hidden" name="mode" value="pre_registered" />
          <Field id="oauth-client-id" label="Client ID" error={fieldError(pre, 'clientId')}>
            <input id="oauth-client-id" name="clientId" autoComplete="off" required />
          </Field>
          <Field id="oauth-client-secret" label="Client secret (optional, never shown again)">
            <input id="oauth-client-secret" name="clientSecret" type="password" autoComplete="new-password" />
          </Field>
          <FormMessage state={pre} />
          <PendingButton pending={prePending} pendingText="Connecting…" variant="secondary">
            Connect with this client
          </PendingButton>
        </form>
      </details>
      <details className="servers-inline-details">
        <summary>Machine to machine (client credentials)</summary>
        <form action={machineAction} onSubmit={onMachine} className="form" aria-label="Connect with client credentials">
          <Hidden org={org} serverId={serverId} />
          <Field id="oauth-cc-client-id" label="Client ID" error={fieldError(machine, 'clientId')}>
            <input id="oauth-cc-client-id" name="clientId" autoComplete="off" required />
          </Field>
          <Field
            id="oauth-cc-client-secret"
            label="Client secret (never shown again)"
            error={fieldError(machine, 'clientSecret')}
          >
            <input
              id="oauth-cc-client-secret"
              name="clientSecret"
              type="password"
              autoComplete="new-password"
              required
            />
          </Field>
          <Field id="oauth-cc-scope" label="Scope (optional)" error={fieldError(machine, 'scope')}>
            <input id="oauth-cc-scope" name="scope" autoComplete="off" />
          </Field>
          <FormMessage state={machine} />
          <PendingButton pending={machinePending} pendingText="Connecting…" variant="secondary">
            Connect with client credentials
          </PendingButton>
        </form>
      </details>
    </div>
  );
}

/** Stays mounted after a Disconnect (only its button goes), so the outcome stays on screen. */
function DisconnectForm({
  org,
  serverId,
  connected,
  action,
}: {
  org: string;
  serverId: string;
  connected: boolean;
  action: Action<void>;
}) {
  const [state, onSubmit, pending, formAction] = useKeptForm(action);
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" aria-label="Disconnect OAuth">
      <Hidden org={org} serverId={serverId} />
      <FormMessage state={state} />
      {connected ? (
        <PendingButton pending={pending} pendingText="Disconnecting…" variant="danger">
          Disconnect
        </PendingButton>
      ) : null}
    </form>
  );
}

/**
 * The server's OAuth connection (docs/oauth.md): what it is (kind, issuer, scopes, expiry, state) and Connect,
 * Reconnect and Disconnect for members. `detected`: the server answered 401 with a Bearer challenge, so it is behind
 * OAuth. `outcome`: what the last Connect of this user came to, after the callback brought them back.
 */
export function AuthorizationPanel({
  org,
  serverId,
  authorization,
  detected,
  outcome,
  canEdit,
  connectAction,
  clientCredentialsAction,
  disconnectAction,
}: {
  org: string;
  serverId: string;
  authorization: ServerAuthorizationSummary | null;
  detected: boolean;
  outcome: { ok: boolean; message: string } | null;
  canEdit: boolean;
  connectAction: Action<{ authorizationUrl: string }>;
  clientCredentialsAction: Action<{ issuer: string; scope: string | null }>;
  disconnectAction: Action<void>;
}) {
  const a = authorization;
  return (
    <section className="card servers-authorization" id="authorization" aria-labelledby="authorization-title">
      <h2 id="authorization-title">Authorization</h2>
      {outcome ? (
        outcome.ok ? (
          <p className="form-success" role="status">
            <span aria-hidden="true">✓ </span>
            {outcome.message}
          </p>
        ) : (
          <p className="form-error" role="alert">
            Connect failed: {outcome.message}
          </p>
        )
      ) : null}
      {a ? (
        <dl className="servers-facts">
          <dt>State</dt>
          <dd data-authorization-state={a.state}>
            {a.state === 'connected' ? (
              <strong>Connected</strong>
            ) : a.state === 'expired' ? (
              <strong>Expired: reconnect this server</strong>
            ) : (
              <strong>Error</strong>
            )}
            {a.error && a.state !== 'connected' ? <span className="servers-pre-line"> ({a.error})</span> : null}
          </dd>
          <dt>Kind</dt>
          <dd>{KIND_LABELS[a.kind]}</dd>
          <dt>Issuer</dt>
          <dd>
            <code>{a.issuer}</code>
          </dd>
          <dt>Scopes</dt>
          <dd>{a.scope ? <code>{a.scope}</code> : 'the authorization server’s default'}</dd>
          <dt>Client</dt>
          <dd>
            <code>{a.clientId}</code> ({METHOD_LABELS[a.registrationMethod]})
          </dd>
          <dt>Access token expires</dt>
          <dd>{a.accessTokenExpiresAt ? <TimeStamp value={a.accessTokenExpiresAt} /> : 'not said'}</dd>
          <dt>Connected</dt>
          <dd>
            <TimeStamp value={a.connectedAt} />
          </dd>
        </dl>
      ) : detected ? (
        <p>
          <strong>This server uses OAuth — Connect</strong> it so that discovery and runs are authorized. Tokens are
          stored encrypted and refreshed by the runs; they are never shown.
        </p>
      ) : (
        <p className="muted">
          No OAuth connection. If the server is behind MCP authorization (OAuth), connect it here; static credentials go
          in the headers below.
        </p>
      )}
      {canEdit ? (
        <>
          <ConnectForms
            org={org}
            serverId={serverId}
            connected={a !== null}
            connectAction={connectAction}
            clientCredentialsAction={clientCredentialsAction}
          />
          <DisconnectForm org={org} serverId={serverId} connected={a !== null} action={disconnectAction} />
        </>
      ) : null}
    </section>
  );
}
