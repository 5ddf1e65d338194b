import { z } from 'zod';
import {
  CancelRunResult,
  ListRunsQuery,
  RunListItem,
  RunResource,
  TriggerRunAccepted,
  TriggerRunRequest,
} from '@/server/services/runs/run-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Runs';

export const triggerRunEndpoint = defineEndpoint({
  method: 'POST',
  path: '/suites/{id}/runs',
  operationId: 'triggerRun',
  summary: 'Trigger a run; with `wait`, answer 200 with the finished run if it ends in time',
  tag,
  trigger: true,
  body: TriggerRunRequest,
  headers: [
    {
      name: 'Idempotency-Key',
      description: 'The same key on the same suite returns the same run instead of a new one.',
    },
  ],
  responses: {
    200: { description: 'The run finished within `wait`', schema: RunResource },
    202: { description: 'The run is queued or running', schema: TriggerRunAccepted },
  },
});

export const getRunEndpoint = defineEndpoint({
  method: 'GET',
  path: '/runs/{id}',
  operationId: 'getRun',
  summary: 'Get a run with its results and regressions',
  tag,
  responses: { 200: { description: 'The run', schema: RunResource } },
});

export const listRunsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/runs',
  operationId: 'listRuns',
  summary: 'List runs, newest first, with filters',
  tag,
  query: ListRunsQuery,
  responses: {
    200: {
      description: 'A page of runs',
      schema: z.object({ items: z.array(RunListItem), nextCursor: z.string().nullable() }),
    },
  },
});

export const cancelRunEndpoint = defineEndpoint({
  method: 'POST',
  path: '/runs/{id}/cancel',
  operationId: 'cancelRun',
  summary: 'Cancel a queued or running run',
  tag,
  responses: { 202: { description: 'Cancelled, or being stopped', schema: CancelRunResult } },
});

export const runJunitEndpoint = defineEndpoint({
  method: 'GET',
  path: '/runs/{id}/junit.xml',
  operationId: 'getRunJunit',
  summary: 'The run as JUnit XML',
  tag,
  responses: { 200: { description: 'JUnit XML', contentType: 'application/xml' } },
});

export const runMarkdownEndpoint = defineEndpoint({
  method: 'GET',
  path: '/runs/{id}/report.md',
  operationId: 'getRunMarkdown',
  summary: 'The run as a Markdown summary (for CI job summaries)',
  tag,
  responses: { 200: { description: 'Markdown', contentType: 'text/markdown' } },
});

export const runEventsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/runs/{id}/events',
  operationId: 'streamRunEvents',
  summary: 'Live progress as server-sent events; ends after run.finished; resumes from Last-Event-ID',
  tag,
  responses: { 200: { description: 'text/event-stream of RunEvent', contentType: 'text/event-stream' } },
});
