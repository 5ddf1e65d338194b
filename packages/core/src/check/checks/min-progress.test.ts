import { textResult, observe, table, text } from '../test-table';

table(
  'min_progress',
  [
    ['enough', { min_progress: 2 }, observe(textResult('ok'), { progressNotifications: 3 })],
    ['not captured: not checked (mcp-assert without capture_progress)', { min_progress: 2 }, text('ok')],
  ],
  [
    [
      'too few',
      { min_progress: 2 },
      observe(textResult('ok'), { progressNotifications: 1 }),
      'expected at least 2 progress notification(s), got 1',
    ],
  ],
  'min_progress',
);
