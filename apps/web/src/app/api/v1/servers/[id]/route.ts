import { deleteServerEndpoint, getServerEndpoint, updateServerEndpoint } from '@/server/api/endpoints/servers';
import { withApi } from '@/server/api/with-api';
import { deleteServer } from '@/server/services/servers/delete-server';
import { getServer } from '@/server/services/servers/get-server';
import { updateServer } from '@/server/services/servers/update-server';

export const GET = withApi(getServerEndpoint, async ({ deps, actor, params }) => ({
  body: await getServer(deps, actor, params.id ?? ''),
}));

export const PATCH = withApi(updateServerEndpoint, async ({ deps, actor, params, body }) => ({
  body: await updateServer(deps, actor, params.id ?? '', body),
}));

export const DELETE = withApi(deleteServerEndpoint, async ({ deps, actor, params }) => {
  await deleteServer(deps, actor, params.id ?? '');
  return { status: 204 };
});
