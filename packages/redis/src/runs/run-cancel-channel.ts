import { redisKey, type Redis } from '../redis';

export function runCancelChannel(prefix: string): string {
  return redisKey(prefix, 'run-cancel');
}

/** Tells every worker that a run should stop; the one running it aborts it. Postgres holds the request too. */
export async function publishRunCancel(redis: Redis, prefix: string, runId: string): Promise<void> {
  await redis.publish(runCancelChannel(prefix), runId);
}

/**
 * Calls `onCancel(runId)` for every cancel request. `subscriber` becomes a subscriber connection (it can do nothing
 * else afterwards); pub/sub only makes cancellation prompt, the worker's periodic Postgres check makes it certain.
 */
export async function subscribeRunCancels(
  subscriber: Redis,
  prefix: string,
  onCancel: (runId: string) => void,
): Promise<() => Promise<void>> {
  const channel = runCancelChannel(prefix);
  const listener = (from: string, message: string) => {
    if (from === channel) onCancel(message);
  };
  subscriber.on('message', listener);
  await subscriber.subscribe(channel);
  return async () => {
    subscriber.off('message', listener);
    await subscriber.unsubscribe(channel).catch(() => {});
  };
}
