import { listSurfaceChangesEndpoint } from '@/server/api/endpoints/surface';
import { withApi } from '@/server/api/with-api';
import { listSurfaceChanges } from '@/server/services/surface/list-surface-changes';

export const GET = withApi(listSurfaceChangesEndpoint, async ({ deps, actor, params, query }) => ({
  body: await listSurfaceChanges(deps, actor, params.id ?? '', query),
}));
