import { z } from 'zod';

export const RUN_FINISHED_OUTBOX_KIND = 'run.finished';

/**
 * What a finished run leaves to do after its transaction commits (`RunOutbox.payload`): everything the Redis side
 * effects need, so a replay by the reconciler reads no other row. Parsed whenever it is read back: a row written by an
 * older or newer version that does not parse is reported, not guessed at.
 */
export const RunFinishedOutboxPayload = z.object({
  suiteId: z.string(),
  projectId: z.string(),
  status: z.enum(['passed', 'failed', 'error', 'cancelled']),
  summary: z.object({ total: z.int(), passed: z.int(), failed: z.int(), skipped: z.int() }),
  regressions: z.int(),
  error: z.string().optional(),
  /** The WebhookDelivery rows created in the same transaction: each gets its first `webhook.deliver` job. */
  deliveryIds: z.array(z.string()),
});
export type RunFinishedOutboxPayload = z.infer<typeof RunFinishedOutboxPayload>;

/** An outbox row as the side effects read it. */
export interface RunOutboxEntry {
  id: string;
  tenantId: string;
  runId: string;
  payload: unknown;
}
