import { ApiError } from '@/server/api/api-error';
import { toErrorResponse } from '@/server/api/to-error-response';
import { getSessionActor } from '@/server/auth/get-session-actor';
import { withRole } from '@/server/orgs/authorize';
import type { RoleName } from '@/server/orgs/org-schemas';
import { getLogger } from '@/server/logger';
import { getServiceDeps } from '@/server/services/get-service-deps';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { env } from '@/env';

export interface OrgRouteContext<P> {
  deps: ServiceDeps;
  actor: Actor;
  params: P;
  request: Request;
}

/**
 * What `loadOrgPage` is for pages, for the run page's own route handlers (its event stream, downloads, transcripts):
 * the browser's session cookie instead of a Bearer token, membership through `withRole` (a non-member and an unknown
 * organization both get 404, like another tenant's run id), then one service call. Errors are the REST API's JSON.
 */
export function orgRoute<P extends { org: string }>(
  minRole: RoleName,
  handler: (context: OrgRouteContext<P>) => Promise<Response>,
) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    try {
      const params = await context.params;
      const session = await getSessionActor();
      if (!session) throw new ApiError('unauthorized', 'sign in to see this run');
      const guarded = withRole<ServiceDeps, [], Response>(minRole, ({ deps, actor }) =>
        handler({ deps, actor, params, request }),
      );
      return await guarded(getServiceDeps(), { userId: session.userId, email: session.email ?? '' }, params.org);
    } catch (error) {
      const { response, unexpected } = toErrorResponse(error);
      if (unexpected) getLogger(env().LOG_LEVEL).error({ err: error, url: request.url }, 'run route failed');
      return response;
    }
  };
}

/** A download's headers: the type, no caching (runs change until they finish), and a file name to save as. */
export function downloadHeaders(contentType: string, fileName: string): Record<string, string> {
  return {
    'content-type': contentType,
    'cache-control': 'no-store',
    'content-disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
  };
}
