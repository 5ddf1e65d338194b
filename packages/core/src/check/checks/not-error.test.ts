import { observe, table, text } from '../test-table';

table(
  'not_error',
  [
    ['isError absent', { not_error: true }, text('fine')],
    ['isError false', { not_error: true }, text('fine', { isError: false })],
    ['not_error: false ignores an error', { not_error: false }, text('boom', { isError: true })],
  ],
  [
    [
      'isError true with text',
      { not_error: true },
      text('disk full', { isError: true }),
      'expected no error but tool returned isError=true; server response: disk full',
    ],
    [
      'isError true without text',
      { not_error: true },
      observe({ content: [], isError: true }),
      'expected no error but tool returned isError=true',
    ],
  ],
  'not_error',
);
