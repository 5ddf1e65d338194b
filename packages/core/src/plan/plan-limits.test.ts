import { describe, expect, it } from 'vitest';
import { capByPlan, DEFAULT_PLAN_LIMITS, PlanLimitsOverride, resolvePlanTable } from './plan-limits';

describe('resolvePlanTable', () => {
  it('is the defaults without overrides', () => {
    expect(resolvePlanTable()).toEqual(DEFAULT_PLAN_LIMITS);
  });

  it('overrides only the named limits of the named plans', () => {
    const table = resolvePlanTable({ FREE: { concurrentRuns: 3 }, ENTERPRISE: { minScheduleIntervalSeconds: 1 } });
    expect(table.FREE).toEqual({ ...DEFAULT_PLAN_LIMITS.FREE, concurrentRuns: 3 });
    expect(table.TEAM).toEqual(DEFAULT_PLAN_LIMITS.TEAM);
    expect(table.ENTERPRISE.minScheduleIntervalSeconds).toBe(1);
  });

  it.each([
    [{ GOLD: { concurrentRuns: 1 } }, 'GOLD'],
    [{ FREE: { concurrentRuns: 0 } }, 'concurrentRuns'],
    [{ FREE: { concurency: 1 } }, 'concurency'],
  ])('refuses %j', (input, named) => {
    const parsed = PlanLimitsOverride.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(named);
  });
});

describe('capByPlan', () => {
  it.each([
    [undefined, 200, 200],
    [50, 200, 50],
    [500, 200, 200],
  ])('policy %s, plan %i -> %i', (policy, plan, expected) => {
    expect(capByPlan(policy, plan)).toBe(expected);
  });
});
