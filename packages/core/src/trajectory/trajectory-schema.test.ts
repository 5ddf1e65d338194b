import { describe, expect, it } from 'vitest';
import { AuditLogSchema, TraceSchema, TrajectorySchema } from './trajectory-schema';

describe('TraceSchema', () => {
  it('accepts tool calls with, without and with null args', () => {
    const trace = [{ tool: 'a', args: { x: 1, nested: { y: [1] } } }, { tool: 'b' }, { tool: 'c', args: null }];
    expect(TraceSchema.parse(trace)).toEqual(trace);
  });

  it.each<[string, unknown]>([
    ['unknown key', [{ tool: 'a', arguments: {} }]],
    ['missing tool', [{ args: {} }]],
    ['empty tool', [{ tool: '' }]],
    ['args not a map', [{ tool: 'a', args: [1] }]],
    ['not a list', { tool: 'a' }],
  ])('rejects %s', (_label, value) => {
    expect(TraceSchema.safeParse(value).success).toBe(false);
  });

  it('names the unknown key so the loader can suggest the nearest one', () => {
    const result = TraceSchema.safeParse([{ tool: 'a', arg: {} }]);
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.code).toBe('unrecognized_keys');
    expect(issue && 'keys' in issue ? issue.keys : []).toEqual(['arg']);
    expect(issue?.path).toEqual([0]);
  });
});

describe('TrajectorySchema', () => {
  it('accepts the four assertion types', () => {
    const trajectory = [
      { type: 'order', tools: ['a', 'b'] },
      { type: 'presence', tools: ['a'] },
      { type: 'absence', tools: ['c'] },
      { type: 'args_contain', tool: 'a', args: { x: 1 } },
    ];
    expect(TrajectorySchema.parse(trajectory)).toEqual(trajectory);
  });

  it.each<[string, unknown]>([
    ['unknown type', [{ type: 'sequence', tools: ['a'] }]],
    ['tool instead of tools', [{ type: 'presence', tool: 'a' }]],
    ['tools on args_contain', [{ type: 'args_contain', tools: ['a'], args: {} }]],
    ['args_contain without args', [{ type: 'args_contain', tool: 'a' }]],
    ['empty tool list (would always pass)', [{ type: 'order', tools: [] }]],
    ['empty trajectory', []],
    ['tools not strings', [{ type: 'absence', tools: [1] }]],
  ])('rejects %s', (_label, value) => {
    expect(TrajectorySchema.safeParse(value).success).toBe(false);
  });
});

describe('AuditLogSchema', () => {
  it('takes a non-empty path', () => {
    expect(AuditLogSchema.parse('{{fixture}}/audit.jsonl')).toBe('{{fixture}}/audit.jsonl');
    expect(AuditLogSchema.safeParse('').success).toBe(false);
    expect(AuditLogSchema.safeParse(3).success).toBe(false);
  });
});
