import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { redisKey, type Redis } from '../redis';

export interface ApiRateLimitsOptions {
  redis: Redis;
  prefix: string;
  /** Requests per minute of one API token. */
  perTokenPerMinute: number;
  /** Requests per minute of one tenant, all tokens and sessions together. */
  perTenantPerMinute: number;
  /** Run triggers per minute of one tenant (each starts real calls against a server). */
  triggersPerTenantPerMinute: number;
}

export type RateLimitDecision =
  { ok: true } | { ok: false; scope: 'token' | 'tenant' | 'trigger'; limit: number; retryAfterSeconds: number };

export interface ApiRateLimits {
  /**
   * Takes `points` (default 1: one request) from the token's and the tenant's allowance, and one from the trigger
   * allowance when `trigger`. A JSON-RPC batch passes one point per message, so batching buys no extra calls; a cost
   * larger than what is left is refused as a whole.
   */
  consume(input: {
    tenantId: string;
    tokenId?: string | undefined;
    trigger?: boolean;
    points?: number;
  }): Promise<RateLimitDecision>;
}

/**
 * Per-token, per-tenant and per-tenant trigger limits on Redis with rate-limiter-flexible (fixed one-minute windows),
 * shared by every web process. Redis being down fails the request (the caller answers 503) rather than letting
 * unlimited traffic through.
 */
export function createApiRateLimits(options: ApiRateLimitsOptions): ApiRateLimits {
  const limiter = (name: string, points: number) =>
    new RateLimiterRedis({
      storeClient: options.redis,
      useRedisPackage: false,
      keyPrefix: redisKey(options.prefix, 'ratelimit', name),
      points,
      duration: 60,
    });
  const token = limiter('token', options.perTokenPerMinute);
  const tenant = limiter('tenant', options.perTenantPerMinute);
  const trigger = limiter('trigger', options.triggersPerTenantPerMinute);

  const take = async (
    which: RateLimiterRedis,
    key: string,
    scope: 'token' | 'tenant' | 'trigger',
    limit: number,
    points: number,
  ): Promise<RateLimitDecision> => {
    try {
      await which.consume(key, points);
      return { ok: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return { ok: false, scope, limit, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
      throw error;
    }
  };

  return {
    async consume(input) {
      const points = Math.max(1, Math.floor(input.points ?? 1));
      if (input.tokenId) {
        const byToken = await take(token, input.tokenId, 'token', options.perTokenPerMinute, points);
        if (!byToken.ok) return byToken;
      }
      const byTenant = await take(tenant, input.tenantId, 'tenant', options.perTenantPerMinute, points);
      if (!byTenant.ok) return byTenant;
      if (input.trigger) return take(trigger, input.tenantId, 'trigger', options.triggersPerTenantPerMinute, 1);
      return { ok: true };
    },
  };
}
