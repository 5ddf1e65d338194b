import { formatJunitReport } from '@mcptest/core';
import { runJunitEndpoint } from '@/server/api/endpoints/runs';
import { withApi } from '@/server/api/with-api';
import { buildRunReport } from '@/server/services/runs/build-run-report';
import { getRun } from '@/server/services/runs/get-run';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';

export const GET = withApi(runJunitEndpoint, async ({ deps, actor, params }) => {
  const run = await getRun(deps, actor, params.id ?? '');
  const suite = await getSuiteOrThrow(deps, actor, run.suiteId);
  return new Response(formatJunitReport(buildRunReport(run, suite.name)), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-store' },
  });
});
