import { show, trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';
import { parseJson } from '../../util/first-json-value';
import { isRecord } from '../../util/is-record';

/** net_delta: the integer `net_delta` field of the text parsed whole as a JSON object (agent-lsp's simulate_edit_atomic). */
export const checkNetDelta: Check = ({ expect, text }) => {
  if (expect.net_delta === undefined) return undefined;
  const wanted = expect.net_delta;
  // mcp-assert parses the whole text here, not the first JSON segment.
  const parsed = parseJson(text);
  if (!parsed.ok || !isRecord(parsed.value)) {
    const reason = parsed.ok ? `not a JSON object` : parsed.error;
    return fail(
      'net_delta',
      `net_delta=${wanted}`,
      trimExcerpt(text),
      `net_delta: result is not a JSON object: ${reason}; got: ${trimExcerpt(text)}`,
    );
  }
  const found = parsed.value.net_delta;
  if (typeof found !== 'number') {
    return fail(
      'net_delta',
      `net_delta=${wanted}`,
      show(found),
      'net_delta: field not found or not a number in result',
    );
  }
  const actual = Math.trunc(found);
  if (actual === wanted) return undefined;
  return fail('net_delta', `net_delta=${wanted}`, String(actual), `expected net_delta=${wanted}, got ${actual}`);
};
