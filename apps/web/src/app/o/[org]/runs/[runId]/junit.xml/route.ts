import { formatJunitReport } from '@mcptest/core';
import { buildRunReport } from '@/server/services/runs/build-run-report';
import { getRun } from '@/server/services/runs/get-run';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { downloadHeaders, orgRoute } from '@/app/o/[org]/runs/[runId]/org-route';

/** The run as JUnit XML (what GET /api/v1/runs/{id}/junit.xml answers), downloaded with the session. */
export const GET = orgRoute<{ org: string; runId: string }>('VIEWER', async ({ deps, actor, params }) => {
  const run = await getRun(deps, actor, params.runId);
  const suite = await getSuiteOrThrow(deps, actor, run.suiteId);
  return new Response(formatJunitReport(buildRunReport(run, suite.name)), {
    headers: downloadHeaders('application/xml; charset=utf-8', `mcptest-${run.id}.xml`),
  });
});
