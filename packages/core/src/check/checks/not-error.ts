import { trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';

/** not_error: the call must not come back with isError; first in the order, so it guards every content check. */
export const checkNotError: Check = ({ expect, isError, text }) => {
  if (expect.not_error !== true || !isError) return undefined;
  const got = text === '' ? 'isError=true' : `isError=true: ${trimExcerpt(text)}`;
  const response = text === '' ? '' : `; server response: ${trimExcerpt(text)}`;
  return fail(
    'not_error',
    'isError absent or false',
    got,
    `expected no error but tool returned isError=true${response}`,
  );
};
