/** Raised when a monitor's failure is confirmed (docs/webhooks.md, docs/health.md#uptime-monitors). */
export const MONITOR_DOWN_EVENT = 'monitor.down';
/** Raised by the first successful check of a DOWN monitor. */
export const MONITOR_UP_EVENT = 'monitor.up';
export const MONITOR_WEBHOOK_EVENTS = [MONITOR_DOWN_EVENT, MONITOR_UP_EVENT] as const;
export type MonitorWebhookEvent = (typeof MONITOR_WEBHOOK_EVENTS)[number];

export interface MonitorTransition {
  event: MonitorWebhookEvent;
  monitor: { id: string; intervalMinutes: number };
  server: { id: string; projectId: string; name: string };
  incident: { id: string; startedAt: Date; endedAt: Date | null; reason: string };
  /** The check that made the transition. */
  check: { at: Date; latencyMs: number | null; error: string | null };
}

export interface MonitorWebhookBody {
  type: MonitorWebhookEvent;
  timestamp: string;
  data: {
    monitor: { id: string; state: 'down' | 'up'; intervalMinutes: number };
    /** Ids and name only: a server URL may carry a key in its query, so it is not sent. */
    server: { id: string; projectId: string; name: string };
    incident: {
      id: string;
      startedAt: string;
      endedAt: string | null;
      /** Set on `monitor.up`: how long the server was down. */
      durationSeconds: number | null;
      /** The confirmed failure's reason (no header value, no resolved private address). */
      reason: string;
    };
    check: { at: string; latencyMs: number | null; error: string | null };
  };
}

/** The body of a `monitor.down` or `monitor.up` delivery (Standard Webhooks' `{type, timestamp, data}`). */
export function buildMonitorWebhookBody(transition: MonitorTransition): MonitorWebhookBody {
  const { incident, check } = transition;
  return {
    type: transition.event,
    timestamp: check.at.toISOString(),
    data: {
      monitor: {
        id: transition.monitor.id,
        state: transition.event === MONITOR_DOWN_EVENT ? 'down' : 'up',
        intervalMinutes: transition.monitor.intervalMinutes,
      },
      server: { ...transition.server },
      incident: {
        id: incident.id,
        startedAt: incident.startedAt.toISOString(),
        endedAt: incident.endedAt?.toISOString() ?? null,
        durationSeconds:
          incident.endedAt === null
            ? null
            : Math.round((incident.endedAt.getTime() - incident.startedAt.getTime()) / 1000),
        reason: incident.reason,
      },
      check: { at: check.at.toISOString(), latencyMs: check.latencyMs, error: check.error },
    },
  };
}
