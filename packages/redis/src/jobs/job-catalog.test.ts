import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../../../test/redis';
import { createJobWorker } from './create-job-worker';
import { createQueues } from './create-queues';
import { InvalidJobPayloadError, JOB_CATALOG, parseJobPayload } from './job-catalog';

const testRedis = useTestRedis();

describe('job catalog', () => {
  it('declares ids-only payloads with retries for every job', () => {
    for (const [name, job] of Object.entries(JOB_CATALOG)) {
      expect(job.attempts, name).toBeGreaterThan(1);
      const shape = Object.keys((job.payload as unknown as { shape: object }).shape);
      expect(
        shape.every((key) => key.endsWith('Id')),
        `${name}: ${shape.join(', ')}`,
      ).toBe(true);
    }
  });

  it.each([
    [{ runId: 'r' }, 'tenantId'],
    [{ runId: '', tenantId: 't' }, 'runId'],
    [{ runId: 'r', tenantId: 't', headers: { authorization: 'x' } }, 'headers'],
  ])('refuses %j naming %s', (payload, field) => {
    expect(() => parseJobPayload('run.execute', payload)).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload('run.execute', payload)).toThrow(field);
  });

  it('enqueues with the catalog retry policy, refuses bad payloads, and fails a tampered job for good', async () => {
    const queues = createQueues({ connection: testRedis.redis, prefix: testRedis.prefix });
    const seen: unknown[] = [];
    const worker = createJobWorker(
      'webhooks',
      {
        'webhook.deliver': async (payload, context) => {
          seen.push({ payload, attempt: context.attempt });
          return 'ok';
        },
      },
      { connection: testRedis.redis, prefix: testRedis.prefix, concurrency: 1 },
    );
    try {
      await expect(queues.enqueue('webhook.deliver', { deliveryId: 's1' } as never)).rejects.toThrow(/tenantId/);
      const id = await queues.enqueue('webhook.deliver', { deliveryId: 's1', tenantId: 't1' }, { jobId: 'fixed-1' });
      expect(id).toBe('fixed-1');
      // The same id again is a no-op: BullMQ keeps one job per id.
      await queues.enqueue('webhook.deliver', { deliveryId: 's1', tenantId: 't1' }, { jobId: 'fixed-1' });
      const tampered = await queues
        .queue('webhooks')
        .add('webhook.deliver', { deliveryId: 's2', tenantId: 't', extra: 1 });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the tampered job did not fail')), 10_000);
        worker.on('failed', (job) => {
          if (job?.id === tampered.id) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const failed = await queues.queue('webhooks').getJob(tampered.id!);
      expect(failed?.attemptsMade).toBe(1);
      expect(failed?.failedReason).toMatch(/invalid payload: \(payload\)|extra/);
      expect(seen).toEqual([{ payload: { deliveryId: 's1', tenantId: 't1' }, attempt: 1 }]);
    } finally {
      await worker.close();
      await queues.close();
    }
  });
});
