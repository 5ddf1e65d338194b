import { fail, type Check } from '../expectation';

/** max_ms: the tools/call request took at most this many milliseconds (wall time, as the executor measured it). */
export const checkMaxMs: Check = ({ expect, observation }) => {
  const budget = expect.max_ms;
  if (budget === undefined || observation.durationMs <= budget) return undefined;
  const took = Math.round(observation.durationMs);
  return fail(
    'max_ms',
    `at most ${budget} ms`,
    `${took} ms`,
    `expected the call to take at most ${budget} ms, took ${took} ms`,
  );
};
