import { z } from 'zod';
import { PageQuery } from '@/server/services/pagination';
import {
  CreateSuiteRequest,
  CreateTriggerUrlRequest,
  SuiteResource,
  SuiteVersionResource,
  TriggerUrlResource,
  UpdateSuiteRequest,
} from '@/server/services/suites/suite-schemas';
import { LatencyQuery, LatencyResource } from '@/server/services/latency/latency-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Suites';

export const createSuiteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/projects/{id}/suites',
  operationId: 'createSuite',
  summary: 'Create a suite (YAML validated with line and column; schedule checked against the plan)',
  tag,
  body: CreateSuiteRequest,
  responses: { 201: { description: 'The suite, with its badge URLs', schema: SuiteResource } },
});

export const listSuitesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/projects/{id}/suites',
  operationId: 'listSuites',
  summary: "List a project's suites",
  tag,
  query: PageQuery,
  responses: {
    200: {
      description: 'A page of suites',
      schema: z.object({ items: z.array(SuiteResource), nextCursor: z.string().nullable() }),
    },
  },
});

export const getSuiteEndpoint = defineEndpoint({
  method: 'GET',
  path: '/suites/{id}',
  operationId: 'getSuite',
  summary: 'Get a suite',
  tag,
  responses: { 200: { description: 'The suite', schema: SuiteResource } },
});

export const updateSuiteEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/suites/{id}',
  operationId: 'updateSuite',
  summary: 'Change a suite; new YAML makes a new version',
  tag,
  body: UpdateSuiteRequest,
  responses: { 200: { description: 'The suite', schema: SuiteResource } },
});

export const deleteSuiteEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/suites/{id}',
  operationId: 'deleteSuite',
  summary: 'Delete a suite with its runs',
  tag,
  responses: { 204: { description: 'Deleted' } },
});

export const listSuiteVersionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/suites/{id}/versions',
  operationId: 'listSuiteVersions',
  summary: 'Version history, newest first',
  tag,
  responses: { 200: { description: 'Versions', schema: z.object({ items: z.array(SuiteVersionResource) }) } },
});

export const getSuiteVersionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/suites/{id}/versions/{version}',
  operationId: 'getSuiteVersion',
  summary: 'One version of a suite',
  tag,
  responses: { 200: { description: 'The version', schema: SuiteVersionResource } },
});

export const createTriggerUrlEndpoint = defineEndpoint({
  method: 'POST',
  path: '/suites/{id}/trigger-url',
  operationId: 'createTriggerUrl',
  summary: 'Create or replace the inbound trigger URL (for CI without a token, and GitHub webhooks)',
  tag,
  body: CreateTriggerUrlRequest,
  responses: { 201: { description: 'The URL, shown once', schema: TriggerUrlResource } },
});

export const getSuiteLatencyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/suites/{id}/latency',
  operationId: 'getSuiteLatency',
  summary: 'p50/p95/p99 per tool over the last N finished runs, the trend per run, and the suite SLO',
  tag,
  query: LatencyQuery,
  responses: { 200: { description: 'Latency', schema: LatencyResource } },
});
