import { CoverageQuery, ProjectCoverage, ServerCoverage } from '@/server/services/coverage/coverage-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Coverage';

export const getServerCoverageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/servers/{id}/coverage',
  operationId: 'getServerCoverage',
  summary:
    "Which of the server's tools (from its last discovery) the assertions of its suites call, or of one suite with `suiteId`: each tool's class, risk phase (setup, read-only, low, medium, high), assertions and whether it needs review, the totals and the uncovered mutating and destructive tools (docs/health.md#coverage-and-risk-phases); `report` is null until the server is discovered",
  tag,
  query: CoverageQuery,
  responses: { 200: { description: "The server's coverage", schema: ServerCoverage } },
});

export const getProjectCoverageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/projects/{id}/coverage',
  operationId: 'getProjectCoverage',
  summary:
    "The coverage of each server of the project against the project's suites of that server, as GET /servers/{id}/coverage",
  tag,
  responses: { 200: { description: "The project's coverage, per server", schema: ProjectCoverage } },
});
