import {
  RunConformanceAccepted,
  RunConformanceRequest,
  ServerConformance,
} from '@/server/services/conformance/conformance-schemas';
import { RunResource } from '@/server/services/runs/run-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Conformance';

export const getServerConformanceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/servers/{id}/conformance',
  operationId: 'getServerConformance',
  summary:
    "The server's latest conformance report per revision: counts, ok, the run, and every check with its spec link, verdict, message and evidence (docs/protocol.md#conformance)",
  tag,
  responses: { 200: { description: 'Latest report per revision', schema: ServerConformance } },
});

export const runConformanceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/servers/{id}/conformance',
  operationId: 'runConformance',
  summary:
    'Run the conformance checks of a revision against the server: finds or creates its suite `Conformance <revision>` (creating needs the write scope) and triggers a run of it like POST /suites/{id}/runs; with `wait`, answer 200 with the finished run if it ends in time',
  tag,
  trigger: true,
  body: RunConformanceRequest,
  headers: [
    {
      name: 'Idempotency-Key',
      description: 'The same key on the same conformance suite returns the same run instead of a new one.',
    },
  ],
  responses: {
    200: { description: 'The run finished within `wait`', schema: RunResource },
    202: { description: 'The run is queued or running', schema: RunConformanceAccepted },
  },
});
