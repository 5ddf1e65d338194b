import type { Expect } from './expect-schema';
import type { Check, CheckContext, CheckToolResultOptions, CheckToolResultOutcome, ExpectKey } from './expectation';
import { resultText } from './result-text';
import type { ToolObservation } from './tool-observation';
import { checkContains } from './checks/contains';
import { checkContainsAny } from './checks/contains-any';
import { checkEquals } from './checks/equals';
import { checkFileContains } from './checks/file-contains';
import { checkFileNotContains } from './checks/file-not-contains';
import { checkFileNotExists } from './checks/file-not-exists';
import { checkFileUnchanged } from './checks/file-unchanged';
import { checkInOrder } from './checks/in-order';
import { checkIsError } from './checks/is-error';
import { checkJsonPath } from './checks/json-path';
import { checkMatchesRegex } from './checks/matches-regex';
import { checkMaxMs } from './checks/max-ms';
import { checkMinProgress } from './checks/min-progress';
import { checkNetDelta } from './checks/net-delta';
import { checkNotContains } from './checks/not-contains';
import { checkNotEmpty } from './checks/not-empty';
import { checkNotError } from './checks/not-error';
import { checkOutputSchema } from './checks/output-schema';
import { checkResultCount } from './checks/result-count';
import { checkSnapshot } from './checks/snapshot';
import { checkStructuredContent } from './checks/structured-content';

/*
 * The checker (one file a check in `checks/`, composed here): given an `expect:` block and what a tool call produced, decide pass or fail. Pure: the executor does
 * the call, reads the files named by `filesToObserve`, loads the stored snapshot, and hands everything over as data.
 *
 * Semantics follow mcp-assert's checker (internal/assertion/checker.go) where they are observable: the same result
 * text, the same evaluation order with only the first failure reported (so `not_error` guards the content checks
 * after it), the same JSON extraction and `%v`-style value comparison. Deliberate differences, all of which only turn
 * an mcp-assert failure or crash into something sensible: json_path also accepts `$`, `$[N]` and `a[0][1]`; a
 * pretty-printed JSON value after prose is found; file checks iterate paths in sorted order (Go's map order is random);
 * numbers compare by their JavaScript string form.
 */

/**
 * The order expectations are evaluated in; the first failure is the one reported. mcp-assert's order (its check
 * registry, then file_unchanged, then min_progress), followed by mcptest's additions. Keys checked together share a
 * slot: min_results and max_results (one count), and the three text-list checks in mcp-assert's order.
 */
export const EXPECTATION_ORDER: readonly ExpectKey[] = [
  'not_error',
  'is_error',
  'not_empty',
  'equals',
  'contains',
  'contains_any',
  'not_contains',
  'matches_regex',
  'json_path',
  'min_results',
  'max_results',
  'net_delta',
  'file_contains',
  'file_not_contains',
  'file_not_exists',
  'in_order',
  'file_unchanged',
  'min_progress',
  'output_schema',
  'structured_content',
  'max_ms',
  'snapshot',
];

/** The checks in EXPECTATION_ORDER (min/max_results share one check; snapshot runs last, in checkToolResult). */
const CHECKS: readonly Check[] = [
  checkNotError,
  checkIsError,
  checkNotEmpty,
  checkEquals,
  checkContains,
  checkContainsAny,
  checkNotContains,
  checkMatchesRegex,
  checkJsonPath,
  checkResultCount,
  checkNetDelta,
  checkFileContains,
  checkFileNotContains,
  checkFileNotExists,
  checkInOrder,
  checkFileUnchanged,
  checkMinProgress,
  checkOutputSchema,
  checkStructuredContent,
  checkMaxMs,
];

/**
 * Checks one tool result against an expect block. Unset expectations (and `false` booleans) check nothing; the
 * others run in `EXPECTATION_ORDER` and the first failure is returned. Never throws.
 */
export function checkToolResult(
  expect: Expect,
  observation: ToolObservation,
  options: CheckToolResultOptions = {},
): CheckToolResultOutcome {
  const context: CheckContext = {
    expect,
    observation,
    text: resultText(observation.result),
    isError: observation.result.isError === true,
  };
  for (const check of CHECKS) {
    const failure = check(context);
    if (failure) return { ok: false, failure };
  }
  if (expect.snapshot === undefined || expect.snapshot === false) return { ok: true };
  return checkSnapshot(observation.result, options);
}
