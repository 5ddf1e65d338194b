import { trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';

export const checkIsError: Check = ({ expect, isError, text }) => {
  if (expect.is_error !== true || isError) return undefined;
  return fail(
    'is_error',
    'isError=true',
    trimExcerpt(text),
    `expected error but tool returned isError=false, got: ${trimExcerpt(text)}`,
  );
};
