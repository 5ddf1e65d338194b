import { PolicyResource, UpdatePolicyRequest } from '@/server/services/policy/policy-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Policy';

export const getPolicyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/policy',
  operationId: 'getPolicy',
  summary: "The tenant's execution safety policy with defaults applied, its plan and the limits that apply",
  tag,
  responses: { 200: { description: 'The policy', schema: PolicyResource } },
});

export const updatePolicyEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/policy',
  operationId: 'updatePolicy',
  summary:
    "Replace the tenant's execution safety policy (absent knobs take their defaults; an unknown knob is a 400 naming it)",
  tag,
  body: UpdatePolicyRequest,
  responses: { 200: { description: 'The new policy', schema: PolicyResource } },
});
