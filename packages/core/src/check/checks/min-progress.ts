import { fail, type Check } from '../expectation';

/** min_progress: at least this many progress notifications, checked only when the executor counted them. */
export const checkMinProgress: Check = ({ expect, observation }) => {
  const wanted = expect.min_progress;
  const count = observation.progressNotifications;
  if (wanted === undefined || count === undefined || count >= wanted) return undefined;
  return fail(
    'min_progress',
    `at least ${wanted} progress notification(s)`,
    String(count),
    `expected at least ${wanted} progress notification(s), got ${count}`,
  );
};
