import { table, text } from '../test-table';

table(
  'in_order',
  [
    ['in order, not contiguous', { in_order: ['first', 'second', 'third'] }, text('first, then second, finally third')],
    ['repeated string needs two occurrences', { in_order: ['a', 'a'] }, text('a-a')],
  ],
  [
    [
      'out of order',
      { in_order: ['b', 'a'] },
      text('a b'),
      'in_order: "a" not found after position 3 in result, got: ',
    ],
    [
      'repeated string once',
      { in_order: ['ab', 'ab'] },
      text('xab'),
      'in_order: "ab" not found after position 3 in result, got: ',
    ],
    [
      'missing first',
      { in_order: ['zz'] },
      text('abc'),
      'in_order: "zz" not found after position 0 in result, got: abc',
    ],
  ],
  'in_order',
);
