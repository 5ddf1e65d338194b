import { describe, expect, it } from 'vitest';
import { useTestRedis } from '../../../../test/redis';
import { createApiRateLimits } from './create-api-rate-limits';

const testRedis = useTestRedis();

describe('createApiRateLimits', () => {
  it('limits per token, per tenant and per tenant trigger, with a retry time', async () => {
    const limits = createApiRateLimits({
      redis: testRedis.redis,
      prefix: `${testRedis.prefix}:a`,
      perTokenPerMinute: 3,
      perTenantPerMinute: 5,
      triggersPerTenantPerMinute: 1,
    });
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limits.consume({ tenantId: 't1', tokenId: 'k1' }));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ ok: false, scope: 'token', limit: 3 });
    expect((results[3] as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((results[3] as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another token of the same tenant has its own allowance until the tenant's runs out: 3 (k1; the refused one did
    // not count against the tenant) + 2 (k2) = 5.
    expect(await limits.consume({ tenantId: 't1', tokenId: 'k2' })).toEqual({ ok: true });
    expect(await limits.consume({ tenantId: 't1', tokenId: 'k2' })).toEqual({ ok: true });
    expect(await limits.consume({ tenantId: 't1', tokenId: 'k2' })).toMatchObject({ ok: false, scope: 'tenant' });
    // Other tenants are untouched; triggers have their own, smaller allowance.
    expect(await limits.consume({ tenantId: 't2', trigger: true })).toEqual({ ok: true });
    expect(await limits.consume({ tenantId: 't2', trigger: true })).toMatchObject({ ok: false, scope: 'trigger' });
  });

  it('takes several points at once, and refuses a cost larger than what is left', async () => {
    const limits = createApiRateLimits({
      redis: testRedis.redis,
      prefix: `${testRedis.prefix}:b`,
      perTokenPerMinute: 10,
      perTenantPerMinute: 100,
      triggersPerTenantPerMinute: 1,
    });
    expect(await limits.consume({ tenantId: 't1', tokenId: 'k1', points: 7 })).toEqual({ ok: true });
    expect(await limits.consume({ tenantId: 't1', tokenId: 'k1', points: 4 })).toMatchObject({
      ok: false,
      scope: 'token',
    });
    expect(await limits.consume({ tenantId: 't1', tokenId: 'k2', points: 11 })).toMatchObject({ ok: false });
  });
});
