import { describe, expect, it } from 'vitest';
import { classifyTool } from '../policy/classify-tool';
import { ExecPolicy, type ExecPolicyInput } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { type RiskLevel, type RiskLevelSource, riskLevelOf, riskLevelOfClass } from './risk-level';

type Row = [label: string, tool: ToolDescriptor, policy: ExecPolicyInput, level: RiskLevel, source: RiskLevelSource];

const rows: Row[] = [
  // From the class.
  ['read-only annotation', { name: 'x', annotations: { readOnlyHint: true } }, {}, 'read-only', 'class'],
  ['read name, nothing declared', { name: 'get_user' }, {}, 'read-only', 'class'],
  ['mutating name', { name: 'create_user' }, {}, 'medium', 'class'],
  [
    'mutating and idempotent',
    { name: 'set_flag', annotations: { readOnlyHint: false, idempotentHint: true } },
    {},
    'low',
    'class',
  ],
  [
    'idempotentHint not read under ignore',
    { name: 'set_flag', annotations: { idempotentHint: true } },
    { annotation_trust: 'ignore' },
    'medium',
    'class',
  ],
  ['destructive name', { name: 'delete_user' }, {}, 'high', 'class'],
  ['destructive annotation', { name: 'x', annotations: { destructiveHint: true } }, {}, 'high', 'class'],
  // From a _meta hint.
  ['mcp.dev/riskLevel setup', { name: 'create_fixture', _meta: { 'mcp.dev/riskLevel': 'setup' } }, {}, 'setup', 'meta'],
  ['risk_level low', { name: 'create_user', _meta: { risk_level: 'low' } }, {}, 'low', 'meta'],
  ['idempotent means read-only', { name: 'x', _meta: { risk_level: 'idempotent' } }, {}, 'read-only', 'meta'],
  ['hint may raise', { name: 'get_user', _meta: { 'mcp.dev/riskLevel': 'high' } }, {}, 'high', 'meta'],
  [
    'mcp.dev/riskLevel wins over risk_level',
    { name: 'x', _meta: { 'mcp.dev/riskLevel': 'medium', risk_level: 'low' } },
    {},
    'medium',
    'meta',
  ],
  ['unknown hint ignored', { name: 'create_user', _meta: { risk_level: 'spicy' } }, {}, 'medium', 'class'],
  [
    'ignore: hint not read',
    { name: 'delete_user', _meta: { risk_level: 'low' } },
    { annotation_trust: 'ignore' },
    'high',
    'class',
  ],
  [
    'cap: a less cautious hint loses',
    { name: 'delete_user', _meta: { risk_level: 'setup' } },
    { annotation_trust: 'cap' },
    'high',
    'class',
  ],
  [
    'cap: a more cautious hint stands',
    { name: 'get_user', _meta: { risk_level: 'medium' } },
    { annotation_trust: 'cap' },
    'medium',
    'meta',
  ],
  [
    'tenant override beats the hint',
    { name: 'wipe', _meta: { risk_level: 'read-only' } },
    { overrides: [{ tool: 'wipe', class: 'Destructive' }] },
    'high',
    'class',
  ],
];

describe('riskLevelOf', () => {
  it.each(rows)('%s', (_label, tool, input, level, source) => {
    const policy = ExecPolicy.parse(input);
    const risk = riskLevelOf(tool, classifyTool(tool, policy), policy);
    expect(risk.level).toBe(level);
    expect(risk.source).toBe(source);
    expect(risk.reason).not.toBe('');
  });

  it('says why a hint was not used', () => {
    const tool = { name: 'delete_user', _meta: { risk_level: 'setup' } };
    const policy = ExecPolicy.parse({ annotation_trust: 'cap' });
    expect(riskLevelOf(tool, classifyTool(tool, policy), policy).reason).toContain('annotation_trust: cap');
  });
});

describe('riskLevelOfClass', () => {
  it.each([
    ['ReadOnly', false, 'read-only'],
    ['ReadOnlyPresumed', true, 'read-only'],
    ['Mutating', true, 'low'],
    ['Mutating', false, 'medium'],
    ['Destructive', true, 'high'],
  ] as const)('%s idempotent=%s is %s', (cls, idempotent, level) => {
    expect(riskLevelOfClass(cls, idempotent)).toBe(level);
  });
});
