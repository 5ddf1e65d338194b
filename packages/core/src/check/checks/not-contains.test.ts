import { table, text } from '../test-table';

table(
  'not_contains',
  [
    ['absent', { not_contains: ['error', 'secret'] }, text('all good')],
    ['case-sensitive', { not_contains: ['Error'] }, text('error')],
  ],
  [
    [
      'present',
      { not_contains: ['ok', 'secret'] },
      text('the secret'),
      'expected result NOT to contain "secret", got: the secret',
    ],
    [
      'long text shows the part around the match',
      { not_contains: ['NEEDLE'] },
      text(`${'a'.repeat(100)}NEEDLE${'b'.repeat(100)}`),
      `expected result NOT to contain "NEEDLE", got: …${'a'.repeat(60)}NEEDLE${'b'.repeat(60)}…`,
    ],
  ],
  'not_contains',
);
