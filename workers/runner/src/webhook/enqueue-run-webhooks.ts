import type { TenantDb } from '@mcptest/db';
import { webhookJobId } from './webhook-job-id';
import { buildRunWebhookBody, eventsForRun, RUN_WEBHOOK_SELECT } from './run-webhook-payload';
import type { WebhookDeps } from './webhook-settings';

export interface EnqueuedRunWebhooks {
  /** Delivery rows created (one per subscribed webhook and event). */
  deliveries: number;
  /** Of those, the ones whose first job could not be added (the sweep adds them later). */
  notQueued: number;
}

/**
 * Fans a finished run out to its project's webhooks: for every enabled webhook subscribed to an event the run raised
 * (see `eventsForRun`), one WebhookDelivery row holding the exact body, then a `webhook.deliver` job for it (ids only;
 * job id `<deliveryId>-1`). Called once per run, by completeRun, after the run row got its final status.
 *
 * Never throws: webhooks must not stop a run from completing (releasing its slot, dispatching the next run). A failure
 * is logged; rows whose job was not added are picked up by `requeueDueDeliveries` on a later reconciler pass.
 */
export async function enqueueRunWebhooks(
  deps: WebhookDeps,
  db: TenantDb,
  run: { id: string },
): Promise<EnqueuedRunWebhooks> {
  const result: EnqueuedRunWebhooks = { deliveries: 0, notQueued: 0 };
  const log = deps.logger.child({ tenantId: db.tenantId, runId: run.id });
  try {
    const row = await db.run.findFirst({ where: { id: run.id }, select: RUN_WEBHOOK_SELECT });
    if (!row || row.status === 'QUEUED' || row.status === 'RUNNING') return result;
    const events = eventsForRun(row);
    const webhooks = await db.webhook.findMany({
      where: { projectId: row.projectId, enabled: true, events: { hasSome: events } },
      select: { id: true, events: true },
      orderBy: { createdAt: 'asc' },
    });
    if (webhooks.length === 0) return result;
    const now = deps.now();
    const data = webhooks.flatMap((webhook) =>
      events
        .filter((event) => webhook.events.includes(event))
        .map((event) => ({
          tenantId: db.tenantId,
          webhookId: webhook.id,
          runId: row.id,
          event,
          payload: buildRunWebhookBody(event, row, deps.webhooks.appUrl, now) as unknown as object,
        })),
    );
    const created = await db.webhookDelivery.createManyAndReturn({ data, select: { id: true } });
    result.deliveries = created.length;
    for (const delivery of created) {
      try {
        await deps.queues.enqueue(
          'webhook.deliver',
          { deliveryId: delivery.id, tenantId: db.tenantId },
          { jobId: webhookJobId(delivery.id, 1) },
        );
      } catch (error) {
        result.notQueued += 1;
        log.warn({ deliveryId: delivery.id, error: (error as Error).message }, 'webhook delivery not queued yet');
      }
    }
    log.info({ deliveries: result.deliveries, events }, 'webhook deliveries queued');
  } catch (error) {
    log.error({ error: (error as Error).message }, 'could not create webhook deliveries for the run');
  }
  return result;
}
