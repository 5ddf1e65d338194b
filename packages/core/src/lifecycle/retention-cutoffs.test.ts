import { describe, expect, it } from 'vitest';
import { resolvePlanTable } from '../plan/plan-limits';
import { retentionCutoffs, startOfUtcDay } from './retention-cutoffs';

const NOW = new Date('2026-11-27T12:34:56.000Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe('retentionCutoffs', () => {
  const defaults = retentionCutoffs(resolvePlanTable(), NOW);

  it.each([
    ['FREE', 'runs', daysBefore(30)],
    ['FREE', 'transcripts', daysBefore(7)],
    ['FREE', 'deliveries', daysBefore(30)],
    ['FREE', 'auditLog', daysBefore(90)],
    ['FREE', 'rollups', '2025-10-23T00:00:00.000Z'],
    ['TEAM', 'runs', daysBefore(90)],
    ['TEAM', 'transcripts', daysBefore(30)],
    ['ENTERPRISE', 'runs', daysBefore(400)],
    ['ENTERPRISE', 'transcripts', daysBefore(90)],
    ['ENTERPRISE', 'auditLog', daysBefore(2_200)],
  ] as const)('%s %s: before %s by default', (plan, target, expected) => {
    expect(defaults[plan][target].toISOString()).toBe(expected);
  });

  it.each([
    // An override shortens or lengthens one plan's target and nothing else.
    [{ TEAM: { runRetentionDays: 10, transcriptRetentionDays: 5 } }, 'TEAM', 'runs', daysBefore(10)],
    [{ TEAM: { runRetentionDays: 10, transcriptRetentionDays: 5 } }, 'TEAM', 'transcripts', daysBefore(5)],
    // A transcript outliving its run would be kept by a run already deleted: capped at the run's days.
    [{ FREE: { runRetentionDays: 3, transcriptRetentionDays: 20 } }, 'FREE', 'transcripts', daysBefore(3)],
    // A rollup shorter than its raw runs would lose days the runs still show: raised to the run's days.
    [{ FREE: { runRetentionDays: 500, rollupRetentionDays: 10 } }, 'FREE', 'rollups', '2025-07-15T00:00:00.000Z'],
  ] as const)('override %j: %s %s before %s', (override, plan, target, expected) => {
    const table = retentionCutoffs(resolvePlanTable(override), NOW);
    expect(table[plan][target].toISOString()).toBe(expected);
    expect(table.ENTERPRISE).toEqual(defaults.ENTERPRISE);
  });
});

describe('startOfUtcDay', () => {
  it.each([
    ['2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z'],
    ['2026-11-27T23:59:59.999Z', '2026-11-27T00:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', '2026-12-31T00:00:00.000Z'],
  ])('%s -> %s', (at, day) => {
    expect(startOfUtcDay(new Date(at)).toISOString()).toBe(day);
  });
});
