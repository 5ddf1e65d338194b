'use server';
import { SsrfRefusedError } from '@mcptest/mcp';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ConnectionFailure, ConnectionOutcome } from '@/components/servers/connection-outcome';
import type { ActionState } from '@/lib/action-state';
import { ApiError } from '@/server/api/api-error';
import { deleteServer } from '@/server/services/servers/delete-server';
import { discoverServer } from '@/server/services/servers/discover-server';
import { getServer } from '@/server/services/servers/get-server';
import { patchServerHeaders } from '@/server/services/servers/patch-server-headers';
import type { ServerResource } from '@/server/services/servers/server-schemas';
import { connectClientCredentials } from '@/server/services/server-authorization/connect-client-credentials';
import { disconnectServer } from '@/server/services/server-authorization/disconnect-server';
import { startServerConnect } from '@/server/services/server-authorization/start-server-connect';
import { testServerConnection } from '@/server/services/servers/test-server-connection';
import { updateServer } from '@/server/services/servers/update-server';
import { orgAction } from '@/server/ui/org-action';
import { ServerFormFields, serverRequestFromForm, withUrlOnField } from '@/app/o/[org]/servers/server-form-input';

const ServerId = z.object({ serverId: z.string().min(1) });

/** A failure to reach the server becomes an outcome the panel explains; anything else stays a form error. */
function toFailure(what: ConnectionFailure['what'], error: unknown): ConnectionFailure {
  if (error instanceof SsrfRefusedError) {
    return { kind: 'failed', what, code: 'url_refused', reason: error.rule, message: error.message };
  }
  if (error instanceof ApiError && ['unavailable', 'url_refused', 'conflict'].includes(error.code)) {
    const details = (error.details ?? {}) as { reason?: unknown; rule?: unknown };
    const reason =
      typeof details.reason === 'string' ? details.reason : typeof details.rule === 'string' ? details.rule : null;
    return { kind: 'failed', what, code: error.code, reason, message: error.message };
  }
  throw error;
}

const ConnectionFields = ServerId.extend({ op: z.enum(['test', 'discover']) });

const connection = orgAction(
  'discoverServer',
  ConnectionFields,
  async ({ deps, actor }, input): Promise<ConnectionOutcome> => {
    const started = performance.now();
    try {
      if (input.op === 'test') {
        return { kind: 'connected', result: await testServerConnection(deps, actor, input.serverId) };
      }
      const result = await discoverServer(deps, actor, input.serverId);
      return {
        kind: 'discovered',
        server: result.server,
        discoveredAt: result.discoveredAt,
        durationMs: Math.round(performance.now() - started),
        toolCount: result.tools.length,
        changes: result.changes,
      };
    } catch (error) {
      return toFailure(input.op === 'test' ? 'connection test' : 'discovery', error);
    }
  },
  // Both send requests to the tenant's server: limited like the API's discover and test endpoints.
  { rateLimit: 'outbound' },
);

/**
 * "Test connection" (`op=test`: the handshake only, nothing stored) and "Discover tools" (`op=discover`: lists stored,
 * the page re-renders with the listing and what changed). MEMBER: both make requests to the server.
 */
export async function connectionAction(previous: ActionState<ConnectionOutcome>, form: FormData) {
  return connection(previous, form);
}

const EditFields = ServerId.extend(ServerFormFields.shape);

const update = orgAction('updateServer', EditFields, async ({ deps, actor }, input) => {
  // The same checks as registering. Header rows are optional here: entered, they replace the stored headers (and so
  // follow a URL to another origin); absent, the service keeps them unless the URL's origin changes.
  const { name, url, transport, protocol, headers } = serverRequestFromForm(input);
  const before = await getServer(deps, actor, input.serverId);
  const after = await withUrlOnField(
    updateServer(deps, actor, input.serverId, { name, url, transport, protocol, ...(headers ? { headers } : {}) }),
  );
  return {
    server: after,
    headersDropped: before.hasHeaders && !after.hasHeaders && !headers,
    authorizationDropped: before.authorization !== null && after.authorization === null,
  };
});

/** Saves the name, URL, transport and protocol era, and the headers when rows are entered (MEMBER). */
export async function updateServerAction(
  previous: ActionState<ServerResource>,
  form: FormData,
): Promise<ActionState<ServerResource>> {
  // The previous state is the form's (a ServerResource); orgAction does not read it.
  void previous;
  const result = await update(null, form);
  if (!result?.ok || !result.data) return result?.ok ? { ok: true } : result;
  const { server, headersDropped, authorizationDropped } = result.data;
  const notes = [
    headersDropped
      ? 'The URL now points to another origin, so its stored headers were removed: add them again if this server needs them.'
      : null,
    authorizationDropped ? 'The URL changed, so its OAuth connection was removed: connect it again.' : null,
  ].filter((note) => note !== null);
  return {
    ok: true,
    data: server,
    message: notes.length > 0 ? `Saved. ${notes.join(' ')}` : 'Saved. Discover again to see what the change did.',
  };
}

const HeaderFields = ServerId.extend({
  headerName: z.string().trim().min(1, 'enter the header’s name'),
  headerValue: z.string().min(1, 'enter the value'),
});

const setHeader = orgAction('updateServer', HeaderFields, async ({ deps, actor }, input) => {
  try {
    return await patchServerHeaders(deps, actor, input.serverId, { set: { [input.headerName]: input.headerValue } });
  } catch (error) {
    // The service keys problems by header name; this form has one name and one value field.
    if (error instanceof ApiError && error.code === 'validation_failed' && Array.isArray(error.details)) {
      const message = error.details[0]?.message ?? error.message;
      throw new ApiError('validation_failed', message, [
        { path: /value/.test(message) ? 'headerValue' : 'headerName', message },
      ]);
    }
    throw error;
  }
});

/** Adds a header or replaces one header's value; the value is never shown again (MEMBER). */
export async function setServerHeaderAction(previous: ActionState<ServerResource>, form: FormData) {
  const result = await setHeader(previous, form);
  return result?.ok
    ? { ...result, message: `Saved ${String(form.get('headerName'))}. Its value stays hidden.` }
    : result;
}

const removeHeader = orgAction(
  'updateServer',
  ServerId.extend({ headerName: z.string().min(1) }),
  ({ deps, actor }, input) => patchServerHeaders(deps, actor, input.serverId, { remove: [input.headerName] }),
);

/** Removes one header (MEMBER). */
export async function removeServerHeaderAction(previous: ActionState<ServerResource>, form: FormData) {
  return removeHeader(previous, form);
}

const remove = orgAction('deleteServer', ServerId, async ({ deps, actor }, input) => {
  const server = await getServer(deps, actor, input.serverId);
  await deleteServer(deps, actor, input.serverId);
  return { projectId: server.projectId };
});

/** Deletes the server and its discovery; refused (409) while suites use it (MEMBER). */
export async function deleteServerAction(previous: ActionState<{ projectId: string }>, form: FormData) {
  const result = await remove(previous, form);
  if (result?.ok && result.data) redirect(`/o/${String(form.get('org'))}/projects/${result.data.projectId}`);
  return result;
}

const ConnectFields = ServerId.extend({
  mode: z.enum(['automatic', 'pre_registered']),
  clientId: z.string().trim().max(500).optional(),
  clientSecret: z.string().max(2000).optional(),
});

const connect = orgAction(
  'connectServer',
  ConnectFields,
  async ({ deps, actor }, input) => {
    let preRegistered: { clientId: string; clientSecret?: string } | undefined;
    if (input.mode === 'pre_registered') {
      if (!input.clientId) {
        throw new ApiError('validation_failed', 'enter the client id', [
          { path: 'clientId', message: 'enter the client id' },
        ]);
      }
      preRegistered = { clientId: input.clientId, ...(input.clientSecret ? { clientSecret: input.clientSecret } : {}) };
    }
    return startServerConnect(deps, actor, { serverId: input.serverId, preRegistered });
  },
  { rateLimit: 'outbound' },
);

/**
 * Connect (authorization code): discovers and registers, then sends the browser to the authorization server's consent
 * page; the callback comes back to the server page (MEMBER). `mode=pre_registered` uses the client id (and write-only
 * secret) entered.
 */
export async function connectServerAction(previous: ActionState<{ authorizationUrl: string }>, form: FormData) {
  const result = await connect(previous, form);
  if (result?.ok && result.data) redirect(result.data.authorizationUrl);
  return result;
}

const ClientCredentialsFields = ServerId.extend({
  clientId: z.string().trim().min(1, 'enter the client id').max(500),
  clientSecret: z.string().min(1, 'enter the client secret').max(2000),
  scope: z.string().trim().max(1000).optional(),
});

const connectMachine = orgAction(
  'connectServer',
  ClientCredentialsFields,
  ({ deps, actor }, input) =>
    connectClientCredentials(deps, actor, {
      serverId: input.serverId,
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      ...(input.scope ? { scope: input.scope } : {}),
    }),
  { rateLimit: 'outbound' },
);

/** Connect, machine to machine (client credentials): no browser redirect; the secret is never shown again (MEMBER). */
export async function connectClientCredentialsAction(
  previous: ActionState<{ issuer: string; scope: string | null }>,
  form: FormData,
) {
  const result = await connectMachine(previous, form);
  return result?.ok && result.data
    ? { ...result, message: `Connected to ${result.data.issuer} with client credentials. The secret stays hidden.` }
    : result;
}

const disconnect = orgAction('disconnectServer', ServerId, ({ deps, actor }, input) =>
  disconnectServer(deps, actor, input.serverId),
);

/** Removes the server's OAuth connection and its sealed tokens (MEMBER). */
export async function disconnectServerAction(previous: ActionState<void>, form: FormData) {
  const result = await disconnect(previous, form);
  return result?.ok
    ? { ok: true as const, message: 'Disconnected. Runs send no OAuth token until you connect again.' }
    : result;
}
