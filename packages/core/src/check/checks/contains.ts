import { quote, trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';

/** contains: every string appears in the text; the first missing one is reported. */
export const checkContains: Check = ({ expect, text }) => {
  for (const wanted of expect.contains ?? []) {
    if (!text.includes(wanted)) {
      const got = trimExcerpt(text);
      return fail(
        'contains',
        `to contain ${quote(wanted)}`,
        got,
        `expected result to contain ${quote(wanted)}, got: ${got}`,
      );
    }
  }
  return undefined;
};
