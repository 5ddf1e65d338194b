import { trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';

/** contains_any: at least one of the strings appears in the text. */
export const checkContainsAny: Check = ({ expect, text }) => {
  const candidates = expect.contains_any ?? [];
  if (candidates.length === 0 || candidates.some((candidate) => text.includes(candidate))) return undefined;
  const list = JSON.stringify(candidates);
  const got = trimExcerpt(text);
  return fail(
    'contains_any',
    `to contain at least one of ${list}`,
    got,
    `expected result to contain at least one of ${list}, got: ${got}`,
  );
};
