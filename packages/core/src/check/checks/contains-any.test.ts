import { table, text } from '../test-table';

table(
  'contains_any',
  [
    ['one of them', { contains_any: ['cat', 'dog'] }, text('hot dog')],
    ['empty list checks nothing', { contains_any: [] }, text('x')],
  ],
  [
    [
      'none',
      { contains_any: ['cat', 'dog'] },
      text('bird'),
      'expected result to contain at least one of ["cat","dog"], got: bird',
    ],
  ],
  'contains_any',
);
