import type { ToolClass } from './exec-policy-schema';
import { cautionRank } from './classify-tool';

/**
 * Planned calls in the order they should run: read-only first, then mutating, destructive last, so a write cannot
 * change what a read observes and a destructive call cannot take away what the others need. Stable: calls of equal
 * risk keep their order. Does not modify its input.
 */
export function orderByRisk<T>(calls: readonly T[], classOf: (call: T) => ToolClass): T[] {
  return calls
    .map((call, index) => ({ call, index, rank: cautionRank(classOf(call)) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ call }) => call);
}
