/**
 * Unbiased estimators over n independent trials of one assertion of which c passed (Chen et al. 2021 for pass@k;
 * pass^k as in tau-bench): the probability that k trials drawn without replacement from the n contain at least one
 * pass (pass@k, "capable") or only passes (pass^k, "reliable").
 *
 * With k = n (what `aggregateTrials` uses, and what mcp-assert reports as YES/NO) they reduce to its booleans:
 * pass@n = 1 when any trial passed, pass^n = 1 when every trial passed.
 */

/**
 * pass@k = 1 − C(n−c, k) / C(n, k).
 * Preconditions (programming errors, not user input, so they throw a RangeError): integers with n ≥ 1, 0 ≤ c ≤ n,
 * 1 ≤ k ≤ n.
 */
export function passAtK(n: number, c: number, k: number): number {
  checkArguments(n, c, k);
  return 1 - ratioOfCombinations(n - c, n, k);
}

/**
 * pass^k = C(c, k) / C(n, k). Same preconditions as `passAtK`.
 */
export function passHatK(n: number, c: number, k: number): number {
  checkArguments(n, c, k);
  return ratioOfCombinations(c, n, k);
}

/**
 * C(a, k) / C(n, k) for a ≤ n, as the product of (a − i) / (n − i) for i < k: the binomials themselves overflow a
 * double long before the ratio loses precision (C(1000, 500) is ~1e299).
 */
function ratioOfCombinations(a: number, n: number, k: number): number {
  if (a < k) return 0;
  let ratio = 1;
  for (let i = 0; i < k; i++) ratio *= (a - i) / (n - i);
  return ratio;
}

function checkArguments(n: number, c: number, k: number): void {
  if (![n, c, k].every(Number.isInteger)) throw new RangeError(`pass@k needs integers, got n=${n} c=${c} k=${k}`);
  if (n < 1 || c < 0 || c > n || k < 1 || k > n) {
    throw new RangeError(`pass@k needs n >= 1, 0 <= c <= n and 1 <= k <= n, got n=${n} c=${c} k=${k}`);
  }
}
