import {
  decideMonitorCheck,
  isProtocolChoice,
  monitorOffsetMs,
  nextMonitorCheckAt,
  redactSecretValues,
} from '@mcptest/core';
import type { ClaimedMonitor, MonitorCheckRecord } from '@mcptest/db';
import { checkServer, type CheckServerResult } from '@mcptest/mcp';
import { prepareRunAuthorization } from '../run/authorize-run';
import { openServerHeaders } from '../run/open-server-headers';
import type { WorkerDeps } from '../worker-deps';
import type { MonitorSettings } from './monitor-settings';
import type { TenantMonitorContext } from './tenant-monitor-context';
import { writeMonitorTransition } from './write-monitor-transition';

const TRANSPORTS = { HTTP: 'http', SSE: 'sse', AUTO: 'auto' } as const;

type Failure = Extract<CheckServerResult, { ok: false }>;
const failure = (reason: Failure['reason'], error: string): Failure => ({ ok: false, latencyMs: 0, reason, error });

/** What a check needs of its server, loaded for a whole tick's monitors of one tenant at once (`loadMonitorTargets`). */
export interface MonitorTarget {
  id: string;
  projectId: string;
  name: string;
  url: string;
  transport: keyof typeof TRANSPORTS;
  protocol: string;
  headersEncrypted: Uint8Array | null;
  headersKeyId: string | null;
  authorization: { id: string } | null;
}

export const MONITOR_TARGET_SELECT = {
  id: true,
  projectId: true,
  name: true,
  url: true,
  transport: true,
  protocol: true,
  headersEncrypted: true,
  headersKeyId: true,
  authorization: { select: { id: true } },
} as const;

/**
 * One claimed monitor, checked: the server's headers opened and its OAuth connection (if any) readied as for a run,
 * `checkServer` through the worker's SSRF-safe fetch (politeness inside) behind the tenant's request allowance, the
 * result judged (`decideMonitorCheck`: a failure is confirmed once before DOWN) and its next check set (its slot, or
 * the confirmation shortly after). A transition is written at once, with its webhooks; the rest is returned for the
 * ticker's batched write.
 */
export async function checkMonitor(
  deps: WorkerDeps,
  settings: MonitorSettings,
  context: TenantMonitorContext,
  monitor: ClaimedMonitor,
  server: MonitorTarget,
): Promise<{ record: MonitorCheckRecord; result: CheckServerResult }> {
  const db = deps.db.tenant(monitor.tenantId);
  let result: CheckServerResult | undefined;
  let secrets: string[] = [];
  let headers: Record<string, string> | undefined;
  try {
    headers = openServerHeaders(deps.secretBox, monitor.tenantId, server);
  } catch (error) {
    headers = undefined;
    result = failure('failed', `the server's headers cannot be decrypted: ${(error as Error).message}`);
  }
  if (!result) {
    // Only a server with an OAuth connection pays for loading it.
    const authorized = server.authorization
      ? await prepareRunAuthorization(deps, db, server.id)
      : ({ ok: true, authorization: undefined } as const);
    if (!authorized.ok) {
      result = failure('failed', authorized.error);
    } else {
      const { authorization } = authorized;
      const base = authorization ? authorization.wrap(deps.fetch) : deps.fetch;
      result = await checkServer({
        url: server.url,
        transport: TRANSPORTS[server.transport],
        protocol: isProtocolChoice(server.protocol) ? server.protocol : 'auto',
        ...(headers ? { headers } : {}),
        fetch: base.withGate(context.allowance),
        timeoutMs: settings.checkTimeoutMs,
      });
      if (authorization) secrets = authorization.secrets();
    }
  }
  if (!result.ok && result.reason === 'url_refused') {
    deps.logger.info({ monitorId: monitor.id, tenantId: monitor.tenantId }, 'monitor check refused by the SSRF rules');
  }

  const checkedAt = deps.now();
  const decision = decideMonitorCheck(monitor, result.ok);
  const intervalMs = monitor.intervalMinutes * 60_000;
  const nextCheckAt = decision.confirm
    ? new Date(checkedAt.getTime() + settings.confirmDelayMs)
    : new Date(nextMonitorCheckAt(checkedAt.getTime(), intervalMs, monitorOffsetMs(monitor.id, intervalMs)));
  // A server may echo the bearer token or a header it was sent in an error: nothing stored may carry them.
  const stored = [...secrets, ...Object.values(headers ?? {})];
  const error = result.ok ? null : redactSecretValues(`${result.reason}: ${result.error}`, stored).slice(0, 1000);
  const record: MonitorCheckRecord = {
    monitorId: monitor.id,
    tenantId: monitor.tenantId,
    checkedAt,
    ok: result.ok,
    latencyMs: result.ok ? result.latencyMs : null,
    error,
    state: decision.state,
    consecutiveFailures: decision.consecutiveFailures,
    nextCheckAt,
  };
  if (decision.transition) {
    await writeMonitorTransition(deps, {
      monitor,
      server: { id: server.id, projectId: server.projectId, name: server.name },
      transition: decision.transition,
      record,
    });
    deps.logger.info(
      { monitorId: monitor.id, tenantId: monitor.tenantId, transition: decision.transition },
      `monitor ${decision.transition}`,
    );
    return { record: { ...record, transitionWritten: true }, result };
  }
  return { record, result };
}
