import { excerptAround, firstDifference, quote } from '../excerpt';
import { fail, type Check } from '../expectation';
import { readAfter } from '../read-after';

/** file_unchanged: each file reads the same after the call as before it; the failure shows the first difference. */
export const checkFileUnchanged: Check = ({ expect, observation }) => {
  for (const path of [...(expect.file_unchanged ?? [])].sort()) {
    const before = observation.files?.[path]?.before;
    // mcp-assert fails with "no snapshot" when the file could not be read before the call.
    if (before?.state !== 'present') {
      const reason =
        before === undefined
          ? 'not observed by the executor'
          : before.state === 'absent'
            ? 'no such file'
            : before.reason;
      return fail(
        'file_unchanged',
        `${path} unchanged`,
        reason,
        `file_unchanged: cannot read ${path} before the call: ${reason}`,
      );
    }
    const after = readAfter(observation, path);
    if (!after.ok) {
      return fail(
        'file_unchanged',
        `${path} unchanged`,
        after.reason,
        `file_unchanged: cannot read ${path} after the call: ${after.reason}`,
      );
    }
    if (after.content !== before.content) {
      const at = firstDifference(before.content, after.content);
      const expected = excerptAround(before.content, at, 0);
      const got = excerptAround(after.content, at, 0);
      return fail(
        'file_unchanged',
        expected,
        got,
        `file_unchanged: ${path} was modified (first difference at character ${at}): was ${quote(expected)}, now ${quote(got)}`,
      );
    }
  }
  return undefined;
};
