import { fail, type Check } from '../expectation';

/** file_not_exists: each path is absent after the call; a read error is a failure, not a pass. */
export const checkFileNotExists: Check = ({ expect, observation }) => {
  for (const path of [...(expect.file_not_exists ?? [])].sort()) {
    const file = observation.files?.[path]?.after;
    if (file?.state === 'absent') continue;
    if (file === undefined || file.state === 'unreadable') {
      const reason = file === undefined ? 'not observed by the executor' : file.reason;
      return fail(
        'file_not_exists',
        `${path} not to exist`,
        reason,
        `file_not_exists: error checking ${path}: ${reason}`,
      );
    }
    return fail(
      'file_not_exists',
      `${path} not to exist`,
      'it exists',
      `file_not_exists: expected ${path} not to exist, but it does`,
    );
  }
  return undefined;
};
