import { describe, expect, it } from 'vitest';
import {
  DB_RUN_STATUSES,
  DB_RUN_TRIGGERS,
  EXEC_DECISION_FROM_DB,
  EXEC_DECISION_TO_DB,
  RUN_STATUS_FROM_WIRE,
  RUN_STATUS_TO_WIRE,
  RUN_TRIGGER_FROM_WIRE,
  RUN_TRIGGER_TO_WIRE,
  TOOL_CLASS_FROM_DB,
  TOKEN_SCOPE_FROM_WIRE,
  TOKEN_SCOPE_TO_WIRE,
  TOOL_CLASS_TO_DB,
  WEBHOOK_DELIVERY_STATUS_FROM_WIRE,
  WEBHOOK_DELIVERY_STATUS_TO_WIRE,
  WIRE_RUN_STATUSES,
  WIRE_RUN_TRIGGERS,
} from './wire-enums';

describe('wire enum maps', () => {
  it.each([
    ['QUEUED', 'queued'],
    ['RUNNING', 'running'],
    ['PASSED', 'passed'],
    ['FAILED', 'failed'],
    ['ERROR', 'error'],
    ['CANCELLED', 'cancelled'],
  ] as const)('run status %s <-> %s', (db, wire) => {
    expect(RUN_STATUS_TO_WIRE[db]).toBe(wire);
    expect(RUN_STATUS_FROM_WIRE[wire]).toBe(db);
  });

  it.each([
    ['MANUAL', 'manual'],
    ['API', 'api'],
    ['CI', 'ci'],
    ['WEBHOOK', 'webhook'],
    ['SCHEDULE', 'schedule'],
  ] as const)('run trigger %s <-> %s', (db, wire) => {
    expect(RUN_TRIGGER_TO_WIRE[db]).toBe(wire);
    expect(RUN_TRIGGER_FROM_WIRE[wire]).toBe(db);
  });

  it.each([
    ['ReadOnly', 'READ_ONLY'],
    ['ReadOnlyPresumed', 'READ_ONLY_PRESUMED'],
    ['Mutating', 'MUTATING'],
    ['Destructive', 'DESTRUCTIVE'],
  ] as const)('tool class %s <-> %s', (core, db) => {
    expect(TOOL_CLASS_TO_DB[core]).toBe(db);
    expect(TOOL_CLASS_FROM_DB[db]).toBe(core);
  });

  it.each([
    ['Execute', 'EXECUTE'],
    ['ExecuteOnce', 'EXECUTE_ONCE'],
    ['GenerateOnly', 'GENERATE_ONLY'],
    ['Refuse', 'REFUSE'],
  ] as const)('exec decision %s <-> %s', (core, db) => {
    expect(EXEC_DECISION_TO_DB[core]).toBe(db);
    expect(EXEC_DECISION_FROM_DB[db]).toBe(core);
  });

  it.each([
    ['READ', 'read'],
    ['RUN', 'run'],
    ['WRITE', 'write'],
    ['ADMIN', 'admin'],
  ] as const)('token scope %s <-> %s', (db, wire) => {
    expect(TOKEN_SCOPE_TO_WIRE[db]).toBe(wire);
    expect(TOKEN_SCOPE_FROM_WIRE[wire]).toBe(db);
  });

  it.each([
    ['PENDING', 'pending'],
    ['SUCCEEDED', 'succeeded'],
    ['FAILED', 'failed'],
  ] as const)('webhook delivery status %s <-> %s', (db, wire) => {
    expect(WEBHOOK_DELIVERY_STATUS_TO_WIRE[db]).toBe(wire);
    expect(WEBHOOK_DELIVERY_STATUS_FROM_WIRE[wire]).toBe(db);
  });

  it('every value has exactly one partner (round trips over the full lists)', () => {
    expect(DB_RUN_STATUSES.map((s) => RUN_STATUS_FROM_WIRE[RUN_STATUS_TO_WIRE[s]])).toEqual([...DB_RUN_STATUSES]);
    expect(WIRE_RUN_STATUSES.map((s) => RUN_STATUS_TO_WIRE[RUN_STATUS_FROM_WIRE[s]])).toEqual([...WIRE_RUN_STATUSES]);
    expect(DB_RUN_TRIGGERS.map((s) => RUN_TRIGGER_FROM_WIRE[RUN_TRIGGER_TO_WIRE[s]])).toEqual([...DB_RUN_TRIGGERS]);
    expect(WIRE_RUN_TRIGGERS.map((s) => RUN_TRIGGER_TO_WIRE[RUN_TRIGGER_FROM_WIRE[s]])).toEqual([...WIRE_RUN_TRIGGERS]);
  });
});
