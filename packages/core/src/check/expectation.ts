import type { Expect } from './expect-schema';
import type { ToolObservation } from './tool-observation';
import type { ToolSnapshot } from './tool-snapshot';

export interface CheckToolResultOptions {
  /** The stored snapshot for this assertion (undefined when none is stored); only read when `expect.snapshot` is set. */
  snapshot?: unknown;
  /** Update mode: a missing or different snapshot passes and is returned as `snapshotUpdate` for the store to write. */
  updateSnapshots?: boolean;
}

export type ExpectKey = keyof Expect;

/** The first expectation that failed, with what was expected and what came back (both trimmed). */
export interface ExpectationFailure {
  expectation: ExpectKey;
  expected: string;
  got: string;
  /** One human-readable line (or a few): what was expected and what came back. */
  message: string;
}

export type CheckToolResultOutcome =
  { ok: true; snapshotUpdate?: ToolSnapshot } | { ok: false; failure: ExpectationFailure };

/** What every check reads: the expect block, the observation, and the result text and isError worked out once. */
export interface CheckContext {
  expect: Expect;
  observation: ToolObservation;
  text: string;
  isError: boolean;
}

export type Check = (context: CheckContext) => ExpectationFailure | undefined;

export function fail(expectation: ExpectKey, expected: string, got: string, message: string): ExpectationFailure {
  return { expectation, expected, got, message };
}
