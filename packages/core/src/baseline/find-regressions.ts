import type { AssertionResult, Regression } from '../result/run-result';
import type { Baseline } from './baseline-schema';

/**
 * Regressions of a run against a baseline: assertions that passed in the baseline and now FAIL or SKIP, in the
 * order of `results`, each carrying the current detail. Nothing else counts (as in mcp-assert): FAIL -> FAIL and
 * FAIL -> PASS are not regressions, nor SKIP -> FAIL (it was not known to pass), nor assertions that are new or
 * were removed. A name that is PASS in any baseline entry counts as passing (mcp-assert's matrix baselines repeat a
 * name per language). A name repeated in `results` is reported once, at its first non-PASS result.
 */
export function findRegressions(
  baseline: Pick<Baseline, 'entries'>,
  results: readonly Pick<AssertionResult, 'name' | 'status' | 'detail'>[],
): Regression[] {
  const passedBefore = new Set(baseline.entries.filter((e) => e.status === 'PASS').map((e) => e.name));
  const regressions: Regression[] = [];
  const reported = new Set<string>();
  for (const r of results) {
    if (r.status === 'PASS' || !passedBefore.has(r.name) || reported.has(r.name)) continue;
    reported.add(r.name);
    regressions.push({ name: r.name, before: 'PASS', after: r.status, detail: r.detail });
  }
  return regressions;
}
