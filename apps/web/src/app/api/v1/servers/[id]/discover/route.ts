import { discoverServerEndpoint } from '@/server/api/endpoints/servers';
import { withApi } from '@/server/api/with-api';
import { discoverServer } from '@/server/services/servers/discover-server';

export const POST = withApi(discoverServerEndpoint, async ({ deps, actor, params }) => ({
  body: await discoverServer(deps, actor, params.id ?? ''),
}));
