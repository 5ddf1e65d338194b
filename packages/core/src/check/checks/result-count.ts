import { trimExcerpt } from '../excerpt';
import { fail, type Check, type ExpectKey } from '../expectation';
import { firstJsonValue } from '../../util/first-json-value';
import { isRecord } from '../../util/is-record';

/** Object keys mcp-assert looks in, in this order, when the result is an object rather than an array. */
export const RESULT_LIST_KEYS: readonly string[] = ['locations', 'items', 'results', 'references', 'symbols'];

/**
 * min_results / max_results: one count of the first JSON value (an array, or an object's first list under
 * RESULT_LIST_KEYS), checked against both bounds; the failure names the bound that failed.
 */
export const checkResultCount: Check = ({ expect, text }) => {
  const { min_results: min, max_results: max } = expect;
  if (min === undefined && max === undefined) return undefined;
  const which: ExpectKey = min !== undefined ? 'min_results' : 'max_results';
  const count = countResults(text);
  if (count === undefined) {
    const got = trimExcerpt(text);
    return fail(
      which,
      `a JSON array or an object with one of ${RESULT_LIST_KEYS.join('/')} as an array`,
      got,
      `min/max_results: result is not an array or an object with a ${RESULT_LIST_KEYS.join('/')} array, got: ${got}`,
    );
  }
  if (min !== undefined && count < min) {
    return fail(
      'min_results',
      `at least ${min} results`,
      String(count),
      `expected at least ${min} results, got ${count}`,
    );
  }
  if (max !== undefined && count > max) {
    return fail(
      'max_results',
      `at most ${max} results`,
      String(count),
      `expected at most ${max} results, got ${count}`,
    );
  }
  return undefined;
};

function countResults(text: string): number | undefined {
  const parsed = firstJsonValue(text);
  if (!parsed.ok) return undefined;
  const { value } = parsed;
  // Go decodes JSON null into a nil slice without error, so mcp-assert counts `null` as zero results.
  if (value === null) return 0;
  if (Array.isArray(value)) return value.length;
  if (!isRecord(value)) return undefined;
  for (const key of RESULT_LIST_KEYS) {
    const list = value[key];
    if (Array.isArray(list)) return list.length;
  }
  return undefined;
}
