import { getSessionActor } from '@/server/auth/get-session-actor';
import { getServiceDeps } from '@/server/services/get-service-deps';
import { completeServerConnect } from '@/server/services/server-authorization/complete-server-connect';
import { OAUTH_CALLBACK_PATH } from '@/server/services/server-authorization/oauth-client-urls';
import { env } from '@/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

function redirectTo(path: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: `${env().APP_URL}${path}`, 'Cache-Control': 'no-store' },
  });
}

/**
 * Where authorization servers send the browser back after Connect (`APP_URL/oauth/callback`). Signed out: sign in and
 * come back (the flow waits 10 minutes). The flow is found by `state` and must be this user's; the service completes
 * it and keeps the outcome for the server page, which the browser is sent to without anything of the flow in the URL.
 * The URL the service checks is rebuilt on APP_URL (the callback's registered address), not on the request's host.
 */
export async function GET(request: Request): Promise<Response> {
  const incoming = new URL(request.url);
  const callbackUrl = `${env().APP_URL}${OAUTH_CALLBACK_PATH}${incoming.search}`;
  const user = await getSessionActor();
  if (!user) {
    return redirectTo(`/signin?callbackUrl=${encodeURIComponent(`${OAUTH_CALLBACK_PATH}${incoming.search}`)}`);
  }
  const result = await completeServerConnect(getServiceDeps(), user.userId, callbackUrl);
  if (!result) {
    return new Response(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization not found · mcptest</title></head>' +
        '<body><main><h1>Authorization not found</h1><p>This authorization is unknown, expired (10 minutes) or was ' +
        'started by someone else. Open the server’s page and press Connect again.</p><p><a href="/orgs">Your ' +
        'organizations</a></p></main></body></html>',
      { status: 400, headers: { 'content-type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
    );
  }
  return redirectTo(
    `/o/${encodeURIComponent(result.org)}/servers/${encodeURIComponent(result.serverId)}?connect=done#authorization`,
  );
}
