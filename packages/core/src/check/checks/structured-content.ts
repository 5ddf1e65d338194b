import { comparePaths } from '../compare-paths';
import { fail, type Check } from '../expectation';

/** structured_content: values at dot paths of structuredContent, compared as json_path compares them. */
export const checkStructuredContent: Check = ({ expect, observation }) => {
  const paths = expect.structured_content ?? {};
  if (Object.keys(paths).length === 0) return undefined;
  const { structuredContent } = observation.result;
  if (structuredContent === undefined || structuredContent === null) {
    return fail(
      'structured_content',
      'structuredContent',
      'none',
      'structured_content: the result has no structuredContent',
    );
  }
  return comparePaths('structured_content', paths, structuredContent);
};
