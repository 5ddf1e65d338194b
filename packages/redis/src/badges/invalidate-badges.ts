import { randomBytes } from 'node:crypto';
import type { Redis } from '../redis';
import { BADGE_VERSION_TTL_SECONDS, badgeVersionKey } from './badge-cache-keys';

export interface BadgeSubjects {
  /** The suite: its suite badge and its conformance badge (a suite without a `conformance:` block has none cached). */
  suiteId?: string;
  /** The suite's project (its aggregate badge); null or undefined to skip. */
  projectId?: string | null | undefined;
  /** A monitor whose state changed: its uptime badge. */
  monitorId?: string;
}

/**
 * Makes every cached badge of the suite and of the project stale, in one round trip and O(1): each gets a new random
 * version token (random rather than a counter, so a version key that expired and came back can never match an entry
 * written before). Call it after the change is committed to Postgres: when a run finishes, and when a suite is
 * enabled, disabled or deleted (the project's aggregate changes); and when a monitor turns DOWN or UP or is changed
 * (its uptime badge; between transitions the badge's percentage refreshes with the cache's TTL).
 */
export async function invalidateBadges(redis: Redis, prefix: string, subjects: BadgeSubjects): Promise<void> {
  const keys = [
    ...(subjects.suiteId
      ? [badgeVersionKey(prefix, 'suite', subjects.suiteId), badgeVersionKey(prefix, 'conformance', subjects.suiteId)]
      : []),
    ...(subjects.projectId ? [badgeVersionKey(prefix, 'project', subjects.projectId)] : []),
    ...(subjects.monitorId ? [badgeVersionKey(prefix, 'uptime', subjects.monitorId)] : []),
  ];
  if (keys.length === 0) return;
  const token = randomBytes(9).toString('base64url');
  const multi = redis.multi();
  for (const key of keys) multi.set(key, token, 'EX', BADGE_VERSION_TTL_SECONDS);
  const results = await multi.exec();
  const failure = results?.find(([error]) => error)?.[0];
  if (!results || failure) throw failure ?? new Error('badge invalidation was aborted');
}
