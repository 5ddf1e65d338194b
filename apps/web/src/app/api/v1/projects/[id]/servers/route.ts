import { createServerEndpoint, listServersEndpoint } from '@/server/api/endpoints/servers';
import { withApi } from '@/server/api/with-api';
import { createServer } from '@/server/services/servers/create-server';
import { listServers } from '@/server/services/servers/list-servers';

export const POST = withApi(createServerEndpoint, async ({ deps, actor, params, body }) => ({
  status: 201,
  body: await createServer(deps, actor, params.id ?? '', body),
}));

export const GET = withApi(listServersEndpoint, async ({ deps, actor, params, query }) => ({
  body: await listServers(deps, actor, params.id ?? '', query),
}));
