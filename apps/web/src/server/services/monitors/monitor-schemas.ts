import { z } from 'zod';

/** PUT /servers/{id}/monitor: turn the server's uptime monitor on or off and set its interval (plan-limited). */
export const PutMonitorRequest = z.strictObject({
  enabled: z.boolean().meta({ description: 'Whether the monitor checks the server.' }),
  intervalMinutes: z
    .int()
    .min(1)
    .max(1440)
    .optional()
    .meta({ description: "Minutes between checks; default 5, at least the plan's minMonitorIntervalMinutes." }),
});
export type PutMonitorRequest = z.infer<typeof PutMonitorRequest>;

const UptimeCell = z.object({
  day: z.string(),
  checks: z.int(),
  availability: z.number().nullable(),
  level: z.enum(['none', 'up', 'degraded', 'down']),
  meanLatencyMs: z.number().nullable(),
  p95LatencyMs: z.number().nullable(),
});

/** A server's uptime monitor (docs/health.md#uptime-monitors; docs/api.md). */
export const MonitorResource = z.object({
  serverId: z.string(),
  /** False until someone enables it: a server has no monitor by default. */
  configured: z.boolean(),
  enabled: z.boolean(),
  intervalMinutes: z.int(),
  state: z.enum(['unknown', 'up', 'down']),
  stateChangedAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastLatencyMs: z.int().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.int(),
  nextCheckAt: z.string().nullable(),
  /** The last 90 UTC days, oldest first, and the availability over them. */
  uptime: z.object({
    availability: z.number().nullable(),
    checks: z.int(),
    failures: z.int(),
    days: z.array(UptimeCell),
  }),
  /** The 20 latest incidents, newest first. */
  incidents: z.array(
    z.object({ id: z.string(), startedAt: z.string(), endedAt: z.string().nullable(), reason: z.string() }),
  ),
  /** The public uptime badge; null until the monitor exists. */
  badge: z.object({ svgUrl: z.string(), jsonUrl: z.string() }).nullable(),
  /** What the tenant's plan allows. */
  limits: z.object({ maxMonitors: z.int(), minIntervalMinutes: z.int() }),
});
export type MonitorResource = z.infer<typeof MonitorResource>;
