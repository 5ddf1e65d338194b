import { trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';

/** is_error: the call must come back with isError (a tool expected to refuse); content checks then read the error text. */
export const checkIsError: Check = ({ expect, isError, text }) => {
  if (expect.is_error !== true || isError) return undefined;
  return fail(
    'is_error',
    'isError=true',
    trimExcerpt(text),
    `expected error but tool returned isError=false, got: ${trimExcerpt(text)}`,
  );
};
