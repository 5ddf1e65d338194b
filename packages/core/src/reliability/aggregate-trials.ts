import type { AssertionResult } from '../result/run-result';
import { passAtK, passHatK } from './pass-at-k';

/**
 * Folds the trials of one assertion (`--trials N`, in trial order) into the one result the reporters, the baseline
 * and the badge see.
 *
 * - Status: FAIL if any trial failed; else PASS if any trial passed; else (every trial skipped) SKIP. mcp-assert
 *   counts every failed trial as a failure of the run, so one flaky trial fails the assertion here too; pass@k
 *   shows how flaky it is.
 * - Skipped trials (budget exhausted, a mutating call not repeated across trials) did not run, so they count in
 *   neither n nor c.
 * - `trials` is set when more than one trial ran, with k = n (the trials that ran) and pass@k / pass^k from the
 *   unbiased estimators, which at k = n are mcp-assert's "passed at least once" / "passed every time" as 1 or 0.
 * - Detail: a single trial's detail as it is; otherwise how many trials failed and the first failure's detail.
 *   durationMs is the sum over the trials (time spent on the assertion); name, file and tool come from the first.
 * - Wire findings: those of every trial, in trial order (a server may break the schema in one trial only).
 */
export function aggregateTrials(trials: readonly [AssertionResult, ...AssertionResult[]]): AssertionResult {
  const [first] = trials;
  if (trials.length === 1) return first;

  const ran = trials.filter((t) => t.status !== 'SKIP');
  const passed = ran.filter((t) => t.status === 'PASS').length;
  const firstFailure = trials.findIndex((t) => t.status === 'FAIL');
  const durationMs = trials.reduce((sum, t) => sum + t.durationMs, 0);

  let status: AssertionResult['status'];
  let detail: string;
  if (firstFailure >= 0) {
    status = 'FAIL';
    const failure = trials[firstFailure]?.detail ?? '';
    detail = `failed ${ran.length - passed} of ${ran.length} trials; trial ${firstFailure + 1}: ${failure}`;
  } else if (passed > 0) {
    status = 'PASS';
    detail = '';
  } else {
    status = 'SKIP';
    detail = first.detail;
  }

  const result: AssertionResult = { ...withoutTrials(first), status, detail, durationMs };
  const wireFindings = trials.flatMap((t) => t.wireFindings ?? []);
  if (wireFindings.length > 0) result.wireFindings = wireFindings;
  if (ran.length > 1) {
    const n = ran.length;
    result.trials = { k: n, passed, passAtK: passAtK(n, passed, n), passHatK: passHatK(n, passed, n) };
  }
  return result;
}

/**
 * Groups a flat list of trial results (as an executor that loops trials inside assertions, or mcp-assert's runner,
 * produces them) by assertion name in first-seen order, and aggregates each group with `aggregateTrials`.
 */
export function aggregateTrialsByName(results: readonly AssertionResult[]): AssertionResult[] {
  const groups = new Map<string, [AssertionResult, ...AssertionResult[]]>();
  for (const r of results) {
    const group = groups.get(r.name);
    if (group) group.push(r);
    else groups.set(r.name, [r]);
  }
  return [...groups.values()].map(aggregateTrials);
}

function withoutTrials(result: AssertionResult): AssertionResult {
  const { trials: _trials, wireFindings: _wireFindings, ...rest } = result;
  return rest;
}
