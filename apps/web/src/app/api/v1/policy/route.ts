import { getPolicyEndpoint, updatePolicyEndpoint } from '@/server/api/endpoints/policy';
import { withApi } from '@/server/api/with-api';
import { getPolicy } from '@/server/services/policy/get-policy';
import { updatePolicy } from '@/server/services/policy/update-policy';

export const GET = withApi(getPolicyEndpoint, async ({ deps, actor }) => ({
  body: await getPolicy(deps, actor),
}));

export const PUT = withApi(updatePolicyEndpoint, async ({ deps, actor, body }) => ({
  body: await updatePolicy(deps, actor, body),
}));
