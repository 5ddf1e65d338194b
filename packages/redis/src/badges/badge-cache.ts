import { BadgeStatus } from '@mcptest/core';
import { z } from 'zod';
import type { Redis } from '../redis';
import {
  BADGE_CACHE_TTL_SECONDS,
  badgeEntryKey,
  badgeVersionKey,
  type BadgeSubjectKind,
  type BadgeVariant,
} from './badge-cache-keys';

/** A rendered badge as cached: the bytes, their ETag, and whose version they were rendered under. */
export const CachedBadge = z.object({
  /** Id of the suite or project (version keys are by id). */
  subjectId: z.string().min(1),
  /** The subject's version token read before the data was read from Postgres. */
  version: z.string().min(1),
  /** What the badge said, so a request with its own `label=` is drawn from the cache without a key of its own. */
  status: BadgeStatus,
  /** The bytes with the default label. */
  body: z.string(),
  etag: z.string().min(1),
});
export type CachedBadge = z.infer<typeof CachedBadge>;

/** The version a subject has before its first invalidation (or after its version key expired). */
export const INITIAL_BADGE_VERSION = '0';

/**
 * A lookup in one round trip (it is the hot path of every public badge): the entry, then the version token of the
 * subject the entry names. The version key is `ARGV[1]` (badgeVersionKey with an empty id) followed by the entry's
 * subjectId, so it cannot be declared in KEYS; both carry the `{badge}` hash tag, so on Redis Cluster the script still
 * touches one slot (docs/operations.md "Redis Cluster"). Answers
 * false for a miss, or {entry, version or false}; an entry that does not decode comes back alone for the caller to
 * reject.
 */
const LOOKUP_LUA = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local ok, entry = pcall(cjson.decode, raw)
if not ok or type(entry) ~= 'table' or type(entry.subjectId) ~= 'string' then return {raw, false} end
return {raw, redis.call('GET', ARGV[1] .. entry.subjectId)}
`;

const LOOKUP_COMMAND = 'mcptestBadgeLookup';

interface BadgeCommands {
  [LOOKUP_COMMAND](entryKey: string, versionKeyStem: string): Promise<[string, string | null] | null>;
}

export interface BadgeCache {
  /** The subject's current version token. Read it BEFORE reading Postgres, and store the rendering under it. */
  version(kind: BadgeSubjectKind, id: string): Promise<string>;
  /** The cached rendering of the variant if there is one and its subject has not been invalidated since. */
  lookup(variant: BadgeVariant): Promise<CachedBadge | undefined>;
  /** Stores a rendering for `BADGE_CACHE_TTL_SECONDS` (or the configured TTL). */
  store(variant: BadgeVariant, entry: CachedBadge): Promise<void>;
}

export interface BadgeCacheOptions {
  redis: Redis;
  prefix: string;
  ttlSeconds?: number;
}

/**
 * The Redis cache of rendered badges. Invalidation is O(1): every entry records the version token of its suite or
 * project, and `invalidateBadges` replaces that token, so old entries stop matching (and expire by their TTL) without
 * any SCAN. Reading the version before Postgres closes the race with a run finishing mid-render: a rendering of old
 * data is stored under the old token, which no reader accepts once the worker has replaced it.
 */
export function createBadgeCache(options: BadgeCacheOptions): BadgeCache {
  const { redis, prefix } = options;
  const ttl = options.ttlSeconds ?? BADGE_CACHE_TTL_SECONDS;
  const version = async (kind: BadgeSubjectKind, id: string) =>
    (await redis.get(badgeVersionKey(prefix, kind, id))) ?? INITIAL_BADGE_VERSION;
  // defineCommand sends EVALSHA and falls back to EVAL after NOSCRIPT; a cache is made per request, the command once
  // per connection.
  if (!(LOOKUP_COMMAND in redis)) redis.defineCommand(LOOKUP_COMMAND, { numberOfKeys: 1, lua: LOOKUP_LUA });
  const commands = redis as Redis & BadgeCommands;
  return {
    version,
    async lookup(variant) {
      const found = await commands[LOOKUP_COMMAND](
        badgeEntryKey(prefix, variant),
        badgeVersionKey(prefix, variant.kind, ''),
      );
      if (found === null) return undefined;
      const [raw, stored] = found;
      let parsed: ReturnType<typeof CachedBadge.safeParse>;
      try {
        parsed = CachedBadge.safeParse(JSON.parse(raw));
      } catch {
        return undefined;
      }
      // Written by another version of the app, or damaged: render again (and overwrite it).
      if (!parsed.success) return undefined;
      const current = stored ?? INITIAL_BADGE_VERSION;
      return current === parsed.data.version ? parsed.data : undefined;
    },
    async store(variant, entry) {
      await redis.set(badgeEntryKey(prefix, variant), JSON.stringify(CachedBadge.parse(entry)), 'EX', ttl);
    },
  };
}
