import { formatMarkdownReport } from '@mcptest/core';
import { runMarkdownEndpoint } from '@/server/api/endpoints/runs';
import { withApi } from '@/server/api/with-api';
import { buildRunReport } from '@/server/services/runs/build-run-report';
import { getRun } from '@/server/services/runs/get-run';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';

export const GET = withApi(runMarkdownEndpoint, async ({ deps, actor, params }) => {
  const run = await getRun(deps, actor, params.id ?? '');
  const suite = await getSuiteOrThrow(deps, actor, run.suiteId);
  return new Response(formatMarkdownReport(buildRunReport(run, suite.name)), {
    headers: { 'content-type': 'text/markdown; charset=utf-8', 'cache-control': 'no-store' },
  });
});
