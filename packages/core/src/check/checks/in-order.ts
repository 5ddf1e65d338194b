import { quote, trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';

/** in_order: the strings appear in this order, each after the end of the previous one (not necessarily adjacent). */
export const checkInOrder: Check = ({ expect, text }) => {
  let from = 0;
  for (const wanted of expect.in_order ?? []) {
    const index = text.indexOf(wanted, from);
    if (index < 0) {
      const got = trimExcerpt(text.slice(from));
      return fail(
        'in_order',
        `${quote(wanted)} after position ${from}`,
        got,
        `in_order: ${quote(wanted)} not found after position ${from} in result, got: ${got}`,
      );
    }
    from = index + wanted.length;
  }
  return undefined;
};
