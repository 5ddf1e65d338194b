/**
 * "Did you mean" for unknown keys: the nearest known key by optimal-string-alignment (restricted Damerau-Levenshtein)
 * distance, so a transposition such as `contians` costs 1 like a single typo does.
 */

/** Edit distance where insert, delete, substitute and swapping two adjacent characters each cost 1. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rolling rows are enough for the transposition lookback of two rows.
  let prevPrev: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (prevPrev[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** Case and `-`/`_` differences are not typos worth counting: `Skip-Unless-Env` is `skip_unless_env`. */
function normalize(key: string): string {
  return key.toLowerCase().replace(/-/g, '_');
}

/** How far a key may be from a known one and still be suggested: short keys need a closer match. */
function threshold(key: string): number {
  if (key.length <= 3) return 1;
  if (key.length <= 6) return 2;
  return 3;
}

/**
 * The known key nearest to `key`, or undefined when none is close enough to be a plausible typo. Ties go to the
 * earlier key in `known`.
 */
export function suggestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = normalize(key);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(wanted, normalize(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= threshold(key) ? best : undefined;
}
