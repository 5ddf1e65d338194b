import { approveServerSurfaceEndpoint } from '@/server/api/endpoints/surface';
import { withApi } from '@/server/api/with-api';
import { approveServerSurface } from '@/server/services/surface/approve-server-surface';

export const POST = withApi(approveServerSurfaceEndpoint, async ({ deps, actor, params, body }) => ({
  body: await approveServerSurface(deps, actor, params.id ?? '', body),
}));
