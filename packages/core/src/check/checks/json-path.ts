import { comparePaths } from '../compare-paths';
import { trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';
import { firstJsonValue } from '../../util/first-json-value';

/** json_path: values at dot paths of the first JSON value of the text (the extraction captures use too). */
export const checkJsonPath: Check = ({ expect, text }) => {
  const paths = expect.json_path ?? {};
  if (Object.keys(paths).length === 0) return undefined;
  const parsed = firstJsonValue(text);
  if (!parsed.ok) {
    return fail(
      'json_path',
      'a JSON result',
      trimExcerpt(text),
      `json_path: result is not valid JSON: ${parsed.error}; got: ${trimExcerpt(text)}`,
    );
  }
  return comparePaths('json_path', paths, parsed.value);
};
