import { table, text } from '../test-table';

table(
  'matches_regex',
  [
    ['simple', { matches_regex: ['\\d{3}-\\d{4}'] }, text('call 555-1234')],
    ['Go inline flag', { matches_regex: ['(?i)HELLO'] }, text('hello')],
    ['Go named group', { matches_regex: ['(?P<year>\\d{4})-'] }, text('2024-01')],
    ['anchors', { matches_regex: ['^ok$'] }, text('ok')],
    ['Go ungreedy flag', { matches_regex: ['(?U)^a+'] }, text('aaa')],
    ['Go end of text', { matches_regex: ['done\\z'] }, text('all done')],
    // RE2 matches in linear time: the classic catastrophic pattern ends at once (a JavaScript RegExp never does).
    ['nested quantifier on a match', { matches_regex: ['^(a+)+$'] }, text('a'.repeat(5000))],
  ],
  [
    ['no match', { matches_regex: ['^\\d+$'] }, text('abc'), 'expected result to match regex "^\\\\d+$", got: abc'],
    [
      'invalid pattern',
      { matches_regex: ['(unclosed'] },
      text('abc'),
      'matches_regex: invalid pattern "(unclosed": error parsing regexp: missing closing ): `(unclosed`',
    ],
    [
      'nested quantifier on 36 a and !: a plain no-match, not a frozen worker',
      { matches_regex: ['^(a+)+$'] },
      text(`${'a'.repeat(36)}!`),
      `expected result to match regex "^(a+)+$", got: ${'a'.repeat(36)}!`,
    ],
    [
      'backreference (RE2 has none)',
      { matches_regex: ['(a)\\1'] },
      text('aa'),
      'matches_regex: invalid pattern "(a)\\\\1": error parsing regexp: invalid escape sequence: `\\1`',
    ],
    [
      'lookahead (RE2 has none)',
      { matches_regex: ['a(?=b)'] },
      text('ab'),
      'matches_regex: invalid pattern "a(?=b)": error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
    ],
  ],
  'matches_regex',
);
