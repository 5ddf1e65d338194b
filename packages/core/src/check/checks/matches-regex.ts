import { compileGoRegex } from '../compile-go-regex';
import { quote, trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';

/** matches_regex: every pattern (Go RE2 syntax) matches somewhere in the text; an invalid pattern is a failure. */
export const checkMatchesRegex: Check = ({ expect, text }) => {
  for (const pattern of expect.matches_regex ?? []) {
    const compiled = compileGoRegex(pattern);
    if (!compiled.ok) {
      return fail(
        'matches_regex',
        `a valid pattern`,
        quote(pattern),
        `matches_regex: invalid pattern ${quote(pattern)}: ${compiled.error}`,
      );
    }
    if (!compiled.regex.test(text)) {
      const got = trimExcerpt(text);
      return fail(
        'matches_regex',
        `to match ${quote(pattern)}`,
        got,
        `expected result to match regex ${quote(pattern)}, got: ${got}`,
      );
    }
  }
  return undefined;
};
