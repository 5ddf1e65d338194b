import { getSuiteLatencyEndpoint } from '@/server/api/endpoints/suites';
import { withApi } from '@/server/api/with-api';
import { getSuiteLatency } from '@/server/services/latency/get-suite-latency';

export const GET = withApi(getSuiteLatencyEndpoint, async ({ deps, actor, params, query }) => ({
  body: await getSuiteLatency(deps, actor, params.id ?? '', query),
}));
