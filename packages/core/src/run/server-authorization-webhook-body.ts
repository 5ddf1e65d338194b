import { type RunRow, type RunWebhookRun, toRunWebhookRun } from './run-resource';
import { RUN_WEBHOOK_EVENTS } from './run-webhook-body';
import { SERVER_SURFACE_CHANGED_EVENT } from './surface-changed-webhook-body';

/**
 * Raised when a run finds that a server's OAuth connection can no longer be refreshed (docs/webhooks.md, docs/oauth.md):
 * someone must reconnect the server before its runs pass again.
 */
export const SERVER_AUTHORIZATION_FAILED_EVENT = 'server.authorization_failed';

/** The error of a run whose server's OAuth connection can no longer be refreshed (the run row, the webhook body). */
export const AUTHORIZATION_EXPIRED_ERROR = 'authorization expired: reconnect this server';

/** Every event a webhook can subscribe to, in the canonical order (the API and the web app take it from here). */
export const WEBHOOK_EVENTS = [
  ...RUN_WEBHOOK_EVENTS,
  SERVER_AUTHORIZATION_FAILED_EVENT,
  SERVER_SURFACE_CHANGED_EVENT,
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The server part of the body: ids and the reason, never a token, a client secret or an endpoint's answer. */
export interface AuthorizationFailure {
  serverId: string;
  /** Why, as stored in ServerAuthorization.lastError. */
  reason: string;
}

export interface ServerAuthorizationFailedBody {
  type: typeof SERVER_AUTHORIZATION_FAILED_EVENT;
  timestamp: string;
  data: {
    server: { id: string; projectId: string; authorization: { state: 'expired'; error: string } };
    /** The run that found it (it ended `error`). */
    run: RunWebhookRun;
  };
}

/** The body of a `server.authorization_failed` delivery, built when the run that found the failure ends. */
export function buildServerAuthorizationFailedBody(
  failure: AuthorizationFailure,
  run: RunRow,
  appUrl: string,
  now: Date,
): ServerAuthorizationFailedBody {
  return {
    type: SERVER_AUTHORIZATION_FAILED_EVENT,
    timestamp: (run.finishedAt ?? now).toISOString(),
    data: {
      server: {
        id: failure.serverId,
        projectId: run.projectId,
        authorization: { state: 'expired', error: failure.reason },
      },
      run: toRunWebhookRun(run, appUrl),
    },
  };
}
