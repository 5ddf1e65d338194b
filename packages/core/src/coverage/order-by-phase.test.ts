import { describe, expect, it } from 'vitest';
import { ExecPolicy } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { assertionPhase, orderByPhase, planPhases } from './order-by-phase';
import type { RiskLevel } from './risk-level';

const policy = ExecPolicy.parse({});
const tools = new Map<string, ToolDescriptor>(
  [
    { name: 'get_item', annotations: { readOnlyHint: true } },
    { name: 'set_flag', annotations: { readOnlyHint: false, idempotentHint: true } },
    { name: 'create_item' },
    { name: 'delete_item' },
    { name: 'seed', _meta: { 'mcp.dev/riskLevel': 'setup' } },
    { name: 'lookup', _meta: { risk_level: 'high' } },
  ].map((t) => [t.name, t]),
);
const call = (tool: string) => ({ tool });

describe('orderByPhase', () => {
  it('runs setup, read-only, low, medium, high, stable within a phase, without touching its input', () => {
    const items: [string, RiskLevel][] = [
      ['h1', 'high'],
      ['m1', 'medium'],
      ['r1', 'read-only'],
      ['l1', 'low'],
      ['s1', 'setup'],
      ['r2', 'read-only'],
      ['h2', 'high'],
    ];
    expect(orderByPhase(items, ([, level]) => level).map(([id]) => id)).toEqual([
      's1',
      'r1',
      'r2',
      'l1',
      'm1',
      'h1',
      'h2',
    ]);
    expect(items[0]?.[0]).toBe('h1');
    expect(orderByPhase([], () => 'high')).toEqual([]);
  });
});

describe('assertionPhase', () => {
  it.each([
    ['no call is read-only', [], undefined, 'read-only'],
    ['a read', [call('get_item')], undefined, 'read-only'],
    ['idempotent write', [call('set_flag')], undefined, 'low'],
    ['setup step raises the phase', [call('create_item'), call('get_item')], undefined, 'medium'],
    ['most cautious call wins', [call('set_flag'), call('delete_item'), call('create_item')], undefined, 'high'],
    ['a _meta setup tool', [call('seed')], undefined, 'setup'],
    ['a _meta hint raises a read name', [call('lookup')], undefined, 'high'],
    ['unlisted tool judged by name', [call('drop_table')], undefined, 'high'],
    ['explicit phase: setup wins', [call('delete_item')], 'setup', 'setup'],
  ] as const)('%s', (_label, calls, phase, expected) => {
    expect(assertionPhase({ calls, ...(phase === undefined ? {} : { phase }) }, tools, policy)).toBe(expected);
  });
});

describe('planPhases', () => {
  it('orders assertions by phase and keeps the written order within one', () => {
    const planned = planPhases(
      [
        { calls: [call('delete_item')] },
        { calls: [call('get_item')] },
        { calls: [call('create_item')] },
        { calls: [call('create_item')], phase: 'setup' },
        { calls: [] },
        { calls: [call('set_flag')] },
      ],
      tools,
      policy,
    );
    expect(planned.order).toEqual([3, 1, 4, 5, 2, 0]);
    expect(planned.phases).toEqual(['high', 'read-only', 'medium', 'setup', 'read-only', 'low']);
  });
});
