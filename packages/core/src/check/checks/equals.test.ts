import { observe, table, text } from '../test-table';

table(
  'equals',
  [
    ['exact', { equals: 'hello' }, text('hello')],
    ['surrounding whitespace on both sides ignored', { equals: ' hello\n' }, text('\nhello  ')],
    ['empty string', { equals: '' }, observe({ content: [] })],
  ],
  [
    ['different', { equals: 'hello' }, text('hullo'), 'expected exact match:\n  want: hello\n  got:  hullo'],
    ['case matters', { equals: 'Hello' }, text('hello'), 'expected exact match:\n  want: Hello\n  got:  hello'],
  ],
  'equals',
);
