/*
 * Redis Cluster hash tags. Cluster hashes only the part of a key between the first `{` and the next `}`, so keys that
 * carry the same tag sit in one slot, and a script or MULTI over them is allowed. Every multi-key command or script
 * of mcptest touches keys of one tag (docs/operations.md "Redis Cluster" has the table); on a single Redis the braces
 * are just characters. REDIS_PREFIX cannot contain braces (its schema), so the tag is always the one written here.
 */

/** Number of event shards: run event streams spread over this many slots, and a web process reads each with one connection. */
export const RUN_EVENT_SHARDS = 16;

/** `{t:<tenantId>}`: a tenant's counters (call and request budgets: a run's count and its tenant's daily count). */
export function tenantTag(tenantId: string): string {
  return `{t:${tenantId}}`;
}

/** `{fair}`: the global admission ring and every tenant's pending list and leases (the admit walk touches them all). */
export const FAIR_TAG = '{fair}';

/** `{badge}`: badge entries and version tokens (a lookup reads an entry and the version its subject id names). */
export const BADGE_TAG = '{badge}';

/** `{<queue>}`: one BullMQ queue's keys (its scripts touch several keys of the queue). One tag per queue. */
export function queueTag(queue: string): string {
  return `{${queue}}`;
}

/**
 * The run's event shard, 0..RUN_EVENT_SHARDS-1 (FNV-1a of the id): a run's stream and its finished marker share
 * `{ev:<shard>}`, and the web's event hub reads all the streams of one shard with one XREAD.
 */
export function runEventShard(runId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < runId.length; i += 1) {
    hash ^= runId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % RUN_EVENT_SHARDS;
}

/** `{ev:<shard>}` of a run or of a shard number. */
export function runEventsTag(run: string | number): string {
  return `{ev:${typeof run === 'number' ? run : runEventShard(run)}}`;
}
