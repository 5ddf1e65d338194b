import {
  buildServerSurfaceChangedBody,
  SERVER_SURFACE_CHANGED_EVENT,
  type ExecPolicy,
  type ServerSurface,
} from '@mcptest/core';
import { createEventDeliveries, recordSurface, type RecordedSurface } from '@mcptest/db';
import { hashSurface } from '@mcptest/mcp';
import { enqueueWebhookDeliveries } from '@mcptest/redis';
import type { ServiceDeps } from '@/server/services/service-deps';

export interface RecordDiscoveredSurfaceInput {
  tenantId: string;
  serverId: string;
  projectId: string;
  surface: ServerSurface;
  policy: ExecPolicy;
  now: Date;
}

/**
 * A discovery records the surface it read like a run does (docs/health.md): snapshot, Server.surfaceHash, and a
 * SurfaceChange (source `discovery`) with `server.surface_changed` when it moved. The event must be raised here too:
 * the discovery moves the server's hash, so the next run would otherwise see no change. Delivery rows are written in
 * the recording's transaction and queued after it commits.
 */
export async function recordDiscoveredSurface(
  deps: Pick<ServiceDeps, 'db' | 'queues' | 'appUrl'>,
  input: RecordDiscoveredSurfaceInput,
): Promise<RecordedSurface & { hash: string }> {
  const { tenantId, serverId, projectId, surface, now } = input;
  const hash = hashSurface(surface);
  const db = deps.db.tenant(tenantId);
  const { recorded, deliveryIds } = await db.transaction(async (tx) => {
    const recorded = await recordSurface(tx, {
      tenantId,
      serverId,
      surface,
      hash,
      source: 'discovery',
      policy: input.policy,
      now,
    });
    if (recorded.changeId === null || recorded.diff === null || recorded.previousHash === null) {
      return { recorded, deliveryIds: [] };
    }
    const change = { serverId, projectId, source: 'discovery' as const, fromHash: recorded.previousHash, toHash: hash };
    const body = buildServerSurfaceChangedBody({ ...change, diff: recorded.diff }, null, deps.appUrl, now);
    const deliveryIds = await createEventDeliveries(tx, {
      tenantId,
      projectId,
      events: [{ event: SERVER_SURFACE_CHANGED_EVENT, body }],
    });
    return { recorded, deliveryIds };
  });
  await enqueueWebhookDeliveries(deps.queues, tenantId, deliveryIds);
  return { ...recorded, hash };
}
