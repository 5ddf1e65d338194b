import { ApiError } from '@/server/api/api-error';
import type { Actor } from '@/server/services/service-deps';

export interface EventStreamLimits {
  /** Open event streams of one user (or one API token) in this web process. */
  perUser: number;
  /** Open event streams of one tenant, all users and tokens together, in this web process. */
  perTenant: number;
}

export interface EventStreamSlots {
  /** Takes a slot for the actor's new stream, or throws `rate_limited` (429); call the returned function once at its end. */
  acquire(actor: Actor): () => void;
  /** Open streams now, for a tenant or in all. */
  open(tenantId?: string): number;
}

/** Streams wait for runs that may take minutes; a client over the cap should retry after closing one. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Caps the live event streams one user and one tenant hold open at once. The streams share one Redis connection (the
 * run event hub), so the cap bounds what they cost this process in sockets and memory, not Redis connections. Counted
 * per web process: every process holds its own streams.
 */
export function createEventStreamSlots(limits: EventStreamLimits): EventStreamSlots {
  const byUser = new Map<string, number>();
  const byTenant = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };
  const refuse = (scope: 'user' | 'tenant', limit: number) =>
    new ApiError(
      'rate_limited',
      `too many open event streams: at most ${limit} per ${scope === 'user' ? 'user or token' : 'team'} at once; close one and retry`,
      { scope: `event_streams_per_${scope}`, limit, retryAfterSeconds: RETRY_AFTER_SECONDS },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
  return {
    acquire(actor) {
      // A token is its own "user": API clients are capped like people.
      const user = actor.userId ? `user:${actor.userId}` : actor.tokenId ? `token:${actor.tokenId}` : undefined;
      if (user !== undefined && (byUser.get(user) ?? 0) >= limits.perUser) throw refuse('user', limits.perUser);
      if ((byTenant.get(actor.tenantId) ?? 0) >= limits.perTenant) throw refuse('tenant', limits.perTenant);
      if (user !== undefined) add(byUser, user, 1);
      add(byTenant, actor.tenantId, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (user !== undefined) add(byUser, user, -1);
        add(byTenant, actor.tenantId, -1);
      };
    },
    open(tenantId) {
      if (tenantId !== undefined) return byTenant.get(tenantId) ?? 0;
      return [...byTenant.values()].reduce((a, b) => a + b, 0);
    },
  };
}
