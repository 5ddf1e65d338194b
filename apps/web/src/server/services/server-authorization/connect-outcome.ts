import { z } from 'zod';
import type { ServiceDeps } from '@/server/services/service-deps';

/**
 * What the last connect of a server by a user came to, for the server page the callback redirects to: kept in Redis
 * for a few minutes under the user and server, so the URL carries no message (nothing of the flow in URLs).
 */
export const ConnectOutcome = z.object({
  ok: z.boolean(),
  message: z.string(),
  at: z.iso.datetime(),
});
export type ConnectOutcome = z.infer<typeof ConnectOutcome>;

const TTL_SECONDS = 600;
const key = (prefix: string, userId: string, serverId: string) => `${prefix}:oauth:outcome:${userId}:${serverId}`;

/** Records the outcome of a connect (one per user and server; the newest wins). */
export async function saveConnectOutcome(
  deps: Pick<ServiceDeps, 'redis' | 'prefix' | 'now'>,
  userId: string,
  serverId: string,
  outcome: Omit<ConnectOutcome, 'at'>,
): Promise<void> {
  const value: ConnectOutcome = { ...outcome, at: deps.now().toISOString() };
  await deps.redis.set(key(deps.prefix, userId, serverId), JSON.stringify(value), 'EX', TTL_SECONDS);
}

/** The outcome `saveConnectOutcome` kept for this user and server, or null. */
export async function readConnectOutcome(
  deps: Pick<ServiceDeps, 'redis' | 'prefix'>,
  userId: string,
  serverId: string,
): Promise<ConnectOutcome | null> {
  const raw = await deps.redis.get(key(deps.prefix, userId, serverId));
  if (raw === null) return null;
  const parsed = ConnectOutcome.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : null;
}
