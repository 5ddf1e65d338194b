import { type Redis, redisKey } from '../redis';

/** How long a GitHub delivery's payload is remembered: the same payload again within it starts no new run. */
export const DELIVERY_DIGEST_TTL_SECONDS = 24 * 60 * 60;

/** `<prefix>:trigger:digest:<suiteId>:<digest>` → the delivery key that first brought this payload (24 h TTL). */
export function deliveryDigestKey(prefix: string, suiteId: string, digest: string): string {
  return redisKey(prefix, 'trigger', 'digest', suiteId, digest);
}

export interface ClaimDeliveryDigestInput {
  suiteId: string;
  /** Digest of what the sender signed (event name and body). */
  digest: string;
  /** This delivery's own idempotency key (its X-GitHub-Delivery). */
  deliveryKey: string;
}

/**
 * Claims a payload digest for a delivery, for 24 h. The first delivery of a payload owns it and gets its own key back;
 * a later delivery of the same payload under another delivery id gets the first one's key, so the caller answers with
 * that delivery's run instead of starting another. One SET NX, so deliveries arriving together agree on the owner.
 */
export async function claimDeliveryDigest(
  redis: Redis,
  prefix: string,
  input: ClaimDeliveryDigestInput,
): Promise<string> {
  const key = deliveryDigestKey(prefix, input.suiteId, input.digest);
  const claimed = await redis.set(key, input.deliveryKey, 'EX', DELIVERY_DIGEST_TTL_SECONDS, 'NX');
  if (claimed === 'OK') return input.deliveryKey;
  // The owner's key; if it expired between the two commands, this delivery is simply the first again.
  return (await redis.get(key)) ?? input.deliveryKey;
}
