import type { TenantDb } from '../tenant/tenant-scope';

export interface MarkServerAuthorizationInput {
  id: string;
  /** EXPIRED: the tokens can no longer be refreshed (a user must reconnect). ERROR: anything else. */
  state: 'EXPIRED' | 'ERROR';
  /** Why, for the server page. Never a token: callers pass the flow error's message, which names no secret. */
  error: string;
  /** The version the failed refresh started from: a connection reconnected meanwhile is left as it is. */
  expectedVersion: number;
}

/** Marks a connection as no longer usable; returns false when it changed since (a reconnect won). */
export async function markServerAuthorization(db: TenantDb, input: MarkServerAuthorizationInput): Promise<boolean> {
  const { count } = await db.serverAuthorization.updateMany({
    where: { id: input.id, tokenVersion: input.expectedVersion },
    data: { state: input.state, lastError: input.error.slice(0, 1000) },
  });
  return count === 1;
}
