import {
  buildServerSurfaceChangedBody,
  SERVER_SURFACE_CHANGED_EVENT,
  type ExecPolicy,
  type ServerSurface,
} from '@mcptest/core';
import { createEventDeliveries, recordSurface, type RecordSurfaceResult } from '@mcptest/db';
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
 * A discovery's part of the drift history (docs/health.md): records the surface it read through packages/db's
 * recordSurface (the one recording, shared with a run's end) and, when that wrote a change, the project's
 * `server.surface_changed` delivery rows in the same transaction; their jobs are queued after the commit (a Redis
 * error leaves them to the reconciler's delivery sweep, so discovery still succeeds).
 */
export async function recordDiscoveredSurface(
  deps: Pick<ServiceDeps, 'db' | 'queues'>,
  input: RecordDiscoveredSurfaceInput,
): Promise<RecordSurfaceResult & { hash: string }> {
  const hash = hashSurface(input.surface);
  const { recorded, deliveryIds } = await deps.db.tenant(input.tenantId).transaction(async (tx) => {
    const recorded = await recordSurface(tx, {
      tenantId: input.tenantId,
      serverId: input.serverId,
      hash,
      surface: input.surface,
      source: 'discovery',
      now: input.now,
      policy: input.policy,
    });
    if (recorded.change === null) return { recorded, deliveryIds: [] };
    const body = buildServerSurfaceChangedBody(
      { ...recorded.change, serverId: input.serverId, projectId: input.projectId, source: 'discovery' },
      null,
    );
    const deliveryIds = await createEventDeliveries(tx, {
      tenantId: input.tenantId,
      projectId: input.projectId,
      events: [{ event: SERVER_SURFACE_CHANGED_EVENT, body }],
    });
    return { recorded, deliveryIds };
  });
  await enqueueWebhookDeliveries(deps.queues, input.tenantId, deliveryIds);
  return { ...recorded, hash };
}
