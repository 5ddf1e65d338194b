import { createTokenEndpoint, listTokensEndpoint } from '@/server/api/endpoints/tokens';
import { withApi } from '@/server/api/with-api';
import { createToken } from '@/server/services/tokens/create-token';
import { listTokens } from '@/server/services/tokens/list-tokens';

export const POST = withApi(createTokenEndpoint, async ({ deps, actor, body }) => ({
  status: 201,
  body: await createToken(deps, actor, body),
}));

export const GET = withApi(listTokensEndpoint, async ({ deps, actor, query }) => ({
  body: await listTokens(deps, actor, query),
}));
