import { describe, expect, it } from 'vitest';
import type { LintSeverity } from '../lint/lint-tools';
import type { AuditOutcomeKind } from './classify-audit-outcome';
import { scoreAudit } from './score-audit';

type Row = [
  name: string,
  outcomes: [tool: string, outcome: AuditOutcomeKind][],
  lints: LintSeverity[],
  score: number,
  probedTools: number,
];

const rows: Row[] = [
  ['nothing probed, no lints', [], [], 100, 0],
  ['only refused tools', [['delete', 'refused']], [], 100, 0],
  [
    'all healthy',
    [
      ['a', 'healthy'],
      ['b', 'healthy'],
    ],
    [],
    100,
    2,
  ],
  [
    'refused is not counted',
    [
      ['a', 'healthy'],
      ['d', 'refused'],
    ],
    [],
    100,
    1,
  ],
  [
    'one crash of two',
    [
      ['a', 'healthy'],
      ['b', 'crash'],
    ],
    [],
    50,
    2,
  ],
  ['timeout earns nothing', [['a', 'timeout']], [], 0, 1],
  ['tool_error earns half', [['a', 'tool_error']], [], 50, 1],
  [
    'mixed: (1 + 0.5 + 0) / 3',
    [
      ['a', 'healthy'],
      ['b', 'tool_error'],
      ['c', 'crash'],
    ],
    [],
    50,
    3,
  ],
  [
    'rounded: 2 of 3',
    [
      ['a', 'healthy'],
      ['b', 'healthy'],
      ['c', 'crash'],
    ],
    [],
    67,
    3,
  ],
  // a: mean(1, 1, 0) = 2/3; b: 1 -> 100 * (2/3 + 1) / 2 = 83.3
  [
    'probes of one tool are averaged',
    [
      ['a', 'healthy'],
      ['a', 'healthy'],
      ['a', 'crash'],
      ['b', 'healthy'],
    ],
    [],
    83,
    2,
  ],
  ['lint error costs 5, warning 1, info 0', [['a', 'healthy']], ['error', 'warning', 'info'], 94, 1],
  ['lint penalty capped at 30', [['a', 'healthy']], Array<LintSeverity>(10).fill('error'), 70, 1],
  ['never below 0', [['a', 'crash']], ['error'], 0, 1],
  ['lints count even when nothing was probed', [], ['warning', 'warning'], 98, 0],
];

describe('scoreAudit', () => {
  it.each(rows)('%s -> %i', (_name, outcomes, lints, score, probedTools) => {
    const result = scoreAudit({
      outcomes: outcomes.map(([tool, outcome]) => ({ tool, outcome })),
      lints: lints.map((severity) => ({ severity })),
    });
    expect(result.score).toBe(score);
    expect(result.probedTools).toBe(probedTools);
  });

  it('counts probes per outcome and reports base and penalty apart', () => {
    const result = scoreAudit({
      outcomes: [
        { tool: 'a', outcome: 'healthy' },
        { tool: 'b', outcome: 'crash' },
        { tool: 'c', outcome: 'refused' },
      ],
      lints: [{ severity: 'error' }],
    });
    expect(result).toEqual({
      score: 45,
      base: 50,
      lintPenalty: 5,
      probedTools: 2,
      counts: { healthy: 1, tool_error: 0, crash: 1, timeout: 0, refused: 1 },
    });
  });
});
