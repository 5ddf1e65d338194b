import { MonitorResource, PutMonitorRequest } from '@/server/services/monitors/monitor-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Monitors';

export const getServerMonitorEndpoint = defineEndpoint({
  method: 'GET',
  path: '/servers/{id}/monitor',
  operationId: 'getServerMonitor',
  summary:
    "The server's uptime monitor: state, last check, the 90-day uptime bar, the latest incidents and the uptime badge (docs/health.md#uptime-monitors); `configured: false` before it is enabled",
  tag,
  responses: { 200: { description: 'The monitor', schema: MonitorResource } },
});

export const updateServerMonitorEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/servers/{id}/monitor',
  operationId: 'updateServerMonitor',
  summary:
    "Enable or disable the server's uptime monitor and set its interval (at least the plan's minimum; the plan also caps enabled monitors)",
  tag,
  body: PutMonitorRequest,
  responses: { 200: { description: 'The monitor', schema: MonitorResource } },
});
