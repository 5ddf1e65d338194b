import { textResult, observe, table, text } from '../test-table';

table(
  'structured_content',
  [
    [
      'paths',
      { structured_content: { '$.user.name': 'alice', 'items[0]': 1 } },
      observe(textResult('', { structuredContent: { user: { name: 'alice' }, items: [1] } })),
    ],
    [
      'ignores the text',
      { structured_content: { '$.n': 1 } },
      observe(textResult('{"n":2}', { structuredContent: { n: 1 } })),
    ],
  ],
  [
    [
      'wrong value',
      { structured_content: { '$.n': 1 } },
      observe(textResult('{"n":1}', { structuredContent: { n: 2 } })),
      'structured_content "$.n": want 1, got 2',
    ],
    [
      'missing',
      { structured_content: { '$.n': 1 } },
      text('{"n":1}'),
      'structured_content: the result has no structuredContent',
    ],
    [
      'missing field',
      { structured_content: { '$.m': 1 } },
      observe(textResult('', { structuredContent: { n: 1 } })),
      'structured_content "$.m": field "m" not found',
    ],
  ],
  'structured_content',
);
