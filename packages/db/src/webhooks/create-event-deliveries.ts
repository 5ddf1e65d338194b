import type { TenantClient } from '../tenant/tenant-scope';

/** One event to deliver and its exact body (Standard Webhooks' `{type, timestamp, data}`). */
export interface WebhookEventToDeliver {
  event: string;
  body: object;
}

export interface CreateEventDeliveriesInput {
  tenantId: string;
  projectId: string;
  /** The run that raised the events, if any (a monitor or a discovery raises events with no run). */
  runId?: string | undefined;
  events: readonly WebhookEventToDeliver[];
}

/**
 * The one writer of WebhookDelivery rows for raised events: one row per enabled webhook of the project subscribed to
 * each event, holding the exact body, so retries re-send the same bytes. It only writes rows; the caller queues their
 * `webhook.deliver` jobs after its transaction commits (`enqueueWebhookDeliveries` in packages/redis, or a run's
 * outbox), and the reconciler's delivery sweep queues any row a dead process left pending. Returns the rows' ids.
 */
export async function createEventDeliveries(tx: TenantClient, input: CreateEventDeliveriesInput): Promise<string[]> {
  const names = [...new Set(input.events.map((e) => e.event))];
  if (names.length === 0) return [];
  const webhooks = await tx.webhook.findMany({
    where: { projectId: input.projectId, enabled: true, events: { hasSome: names } },
    select: { id: true, events: true },
    orderBy: { createdAt: 'asc' },
  });
  if (webhooks.length === 0) return [];
  const data = webhooks.flatMap((webhook) =>
    input.events
      .filter(({ event }) => webhook.events.includes(event))
      .map(({ event, body }) => ({
        tenantId: input.tenantId,
        webhookId: webhook.id,
        ...(input.runId === undefined ? {} : { runId: input.runId }),
        event,
        payload: body,
      })),
  );
  const created = await tx.webhookDelivery.createManyAndReturn({ data, select: { id: true } });
  return created.map((d) => d.id);
}
