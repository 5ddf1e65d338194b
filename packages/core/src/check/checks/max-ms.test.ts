import { textResult, observe, table } from '../test-table';

table(
  'max_ms',
  [
    ['within budget', { max_ms: 100 }, observe(textResult('ok'), { durationMs: 99.6 })],
    ['exactly the budget', { max_ms: 100 }, observe(textResult('ok'), { durationMs: 100 })],
  ],
  [
    [
      'over budget',
      { max_ms: 100 },
      observe(textResult('ok'), { durationMs: 250.4 }),
      'expected the call to take at most 100 ms, took 250 ms',
    ],
  ],
  'max_ms',
);
