import {
  RunAuthPostureAccepted,
  RunAuthPostureRequest,
  ServerAuthPosture,
} from '@/server/services/auth-posture/auth-posture-schemas';
import { RunResource } from '@/server/services/runs/run-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Auth posture';

export const getServerAuthPostureEndpoint = defineEndpoint({
  method: 'GET',
  path: '/servers/{id}/auth-posture',
  operationId: 'getServerAuthPosture',
  summary:
    "The latest finished run of the server's `Auth posture` suite as findings: each with its severity, verdict, rationale, spec references and message (docs/oauth.md#auth-posture-check)",
  tag,
  responses: { 200: { description: 'Latest auth-posture findings', schema: ServerAuthPosture } },
});

export const runAuthPostureEndpoint = defineEndpoint({
  method: 'POST',
  path: '/servers/{id}/auth-posture',
  operationId: 'runAuthPosture',
  summary:
    'Run the auth-posture check against the server (no tool is called): finds or creates its suite `Auth posture` (creating needs the write scope) and triggers a run of it like POST /suites/{id}/runs; with `wait`, answer 200 with the finished run if it ends in time',
  tag,
  trigger: true,
  body: RunAuthPostureRequest,
  headers: [
    {
      name: 'Idempotency-Key',
      description: 'The same key on the same auth-posture suite returns the same run instead of a new one.',
    },
  ],
  responses: {
    200: { description: 'The run finished within `wait`', schema: RunResource },
    202: { description: 'The run is queued or running', schema: RunAuthPostureAccepted },
  },
});
