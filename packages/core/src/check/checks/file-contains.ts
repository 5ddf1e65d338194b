import { quote, trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';
import { readAfter } from '../read-after';

/** file_contains: each file, read after the call, contains its string. */
export const checkFileContains: Check = ({ expect, observation }) => {
  const entries = expect.file_contains ?? {};
  for (const path of Object.keys(entries).sort()) {
    const wanted = entries[path] as string;
    const file = readAfter(observation, path);
    if (!file.ok) {
      return fail(
        'file_contains',
        `${path} to contain ${quote(wanted)}`,
        file.reason,
        `file_contains: cannot read ${path}: ${file.reason}`,
      );
    }
    if (!file.content.includes(wanted)) {
      const got = trimExcerpt(file.content);
      return fail(
        'file_contains',
        `${path} to contain ${quote(wanted)}`,
        got,
        `file_contains: ${path} does not contain ${quote(wanted)}, got: ${got}`,
      );
    }
  }
  return undefined;
};
