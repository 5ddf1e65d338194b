import { excerptAround, quote } from '../excerpt';
import { fail, type Check } from '../expectation';

/** not_contains: none of the strings appears; the failure shows the text around the first one found. */
export const checkNotContains: Check = ({ expect, text }) => {
  for (const unwanted of expect.not_contains ?? []) {
    const index = text.indexOf(unwanted);
    if (index >= 0) {
      const got = excerptAround(text, index, unwanted.length);
      return fail(
        'not_contains',
        `not to contain ${quote(unwanted)}`,
        got,
        `expected result NOT to contain ${quote(unwanted)}, got: ${got}`,
      );
    }
  }
  return undefined;
};
