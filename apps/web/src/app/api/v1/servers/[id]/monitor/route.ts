import { getServerMonitorEndpoint, updateServerMonitorEndpoint } from '@/server/api/endpoints/monitors';
import { withApi } from '@/server/api/with-api';
import { getServerMonitor } from '@/server/services/monitors/get-server-monitor';
import { updateServerMonitor } from '@/server/services/monitors/update-server-monitor';

export const GET = withApi(getServerMonitorEndpoint, async ({ deps, actor, params }) => ({
  body: await getServerMonitor(deps, actor, params.id ?? ''),
}));

export const PUT = withApi(updateServerMonitorEndpoint, async ({ deps, actor, params, body }) => ({
  body: await updateServerMonitor(deps, actor, params.id ?? '', body),
}));
