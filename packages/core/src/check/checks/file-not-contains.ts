import { excerptAround, quote } from '../excerpt';
import { fail, type Check } from '../expectation';
import { readAfter } from '../read-after';

/** file_not_contains: each file, read after the call, does not contain its string. */
export const checkFileNotContains: Check = ({ expect, observation }) => {
  const entries = expect.file_not_contains ?? {};
  for (const path of Object.keys(entries).sort()) {
    const unwanted = entries[path] as string;
    const file = readAfter(observation, path);
    if (!file.ok) {
      return fail(
        'file_not_contains',
        `${path} not to contain ${quote(unwanted)}`,
        file.reason,
        `file_not_contains: cannot read ${path}: ${file.reason}`,
      );
    }
    const index = file.content.indexOf(unwanted);
    if (index >= 0) {
      const got = excerptAround(file.content, index, unwanted.length);
      return fail(
        'file_not_contains',
        `${path} not to contain ${quote(unwanted)}`,
        got,
        `file_not_contains: ${path} contains ${quote(unwanted)}: ${got}`,
      );
    }
  }
  return undefined;
};
