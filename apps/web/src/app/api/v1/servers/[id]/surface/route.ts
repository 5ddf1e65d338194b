import { getServerSurfaceEndpoint } from '@/server/api/endpoints/surface';
import { withApi } from '@/server/api/with-api';
import { getServerSurface } from '@/server/services/surface/get-server-surface';

export const GET = withApi(getServerSurfaceEndpoint, async ({ deps, actor, params }) => ({
  body: await getServerSurface(deps, actor, params.id ?? ''),
}));
