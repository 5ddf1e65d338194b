import { getTokenEndpoint, revokeTokenEndpoint } from '@/server/api/endpoints/tokens';
import { withApi } from '@/server/api/with-api';
import { getTokenOrThrow } from '@/server/services/tokens/get-token-or-throw';
import { revokeToken } from '@/server/services/tokens/revoke-token';
import { toTokenResource } from '@/server/services/tokens/token-schemas';

export const GET = withApi(getTokenEndpoint, async ({ deps, actor, params }) => ({
  body: toTokenResource(await getTokenOrThrow(deps, actor, params.id ?? '')),
}));

export const DELETE = withApi(revokeTokenEndpoint, async ({ deps, actor, params }) => ({
  body: await revokeToken(deps, actor, params.id ?? ''),
}));
