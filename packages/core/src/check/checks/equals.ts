import { trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';

/** equals: the whole text, compared with surrounding white space trimmed on both sides (as mcp-assert). */
export const checkEquals: Check = ({ expect, text }) => {
  if (expect.equals === undefined || text.trim() === expect.equals.trim()) return undefined;
  const want = trimExcerpt(expect.equals);
  const got = trimExcerpt(text);
  return fail('equals', want, got, `expected exact match:\n  want: ${want}\n  got:  ${got}`);
};
