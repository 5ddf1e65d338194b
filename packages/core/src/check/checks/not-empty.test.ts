import { observe, table, text } from '../test-table';

table(
  'not_empty',
  [
    ['text', { not_empty: true }, text('a')],
    ['zero is content', { not_empty: true }, text('0')],
    ['not_empty: false', { not_empty: false }, text('')],
  ],
  [
    ['no content', { not_empty: true }, observe({ content: [] }), 'expected non-empty result, got: ""'],
    ['whitespace', { not_empty: true }, text('  \n '), 'expected non-empty result, got: ""'],
    ['null', { not_empty: true }, text(' null '), 'expected non-empty result, got: "null"'],
    ['empty array', { not_empty: true }, text('[]'), 'expected non-empty result, got: "[]"'],
    ['empty object', { not_empty: true }, text('{}'), 'expected non-empty result, got: "{}"'],
    [
      'only an image',
      { not_empty: true },
      observe({ content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' } as never] }),
      'expected non-empty result, got: ""',
    ],
  ],
  'not_empty',
);
