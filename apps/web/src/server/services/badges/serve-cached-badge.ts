import { redactError, type BadgeStatus } from '@mcptest/core';
import { createBadgeCache, type BadgeFormat, type BadgeSubjectKind, type BadgeVariant } from '@mcptest/redis';
import type { ServiceDeps } from '@/server/services/service-deps';
import type { BadgeRequest } from './badge-request';
import { renderBadge } from './render-badge';

/** What the badge services need: no actor (badges are public), the database, and Redis for the cache. */
export type BadgeDeps = Pick<ServiceDeps, 'db' | 'redis' | 'prefix'> & {
  /** Longest wait for one Redis command before the badge is rendered from Postgres instead (default 500 ms). */
  cacheTimeoutMs?: number;
  /** Told once per request when the cache is skipped because Redis failed (default: console.warn). */
  onCacheError?: (message: string) => void;
};

export interface BadgeResult {
  status: 200 | 404;
  format: BadgeFormat;
  body: string;
  etag: string;
  /** hit: served from Redis; miss: rendered and stored; bypass: Redis failed, rendered from Postgres; none: 404. */
  cache: 'hit' | 'miss' | 'bypass' | 'none';
}

/** Badge keys are URL-safe tokens; anything else is unknown without asking Postgres. */
const BADGE_KEY = /^[A-Za-z0-9_-]{1,128}$/;
const DEFAULT_CACHE_TIMEOUT_MS = 500;

export interface BadgeSource<S extends { id: string }> {
  kind: BadgeSubjectKind;
  /** The suite or project with this public key, or null. */
  find(badgeKey: string): Promise<S | null>;
  /** Its badge status, read from Postgres. */
  status(subject: S): Promise<BadgeStatus>;
}

/**
 * Serves one badge through the Redis cache: a hit costs two Redis reads and no Postgres; a miss reads the subject's
 * version token, then Postgres, renders, and stores the bytes under that token (docs/badges.md). When Redis fails or
 * does not answer in time the badge is rendered from Postgres and the cache is left alone for the rest of the request.
 *
 * The cache holds the default label only, with the status it shows: a custom `label=` is drawn from that status, so
 * however many labels anonymous clients ask for, a badge has a bounded number of keys (formats × styles).
 */
export async function serveCachedBadge<S extends { id: string }>(
  deps: BadgeDeps,
  source: BadgeSource<S>,
  request: BadgeRequest,
): Promise<BadgeResult> {
  const { format, style, label } = request;
  const draw = (status: BadgeStatus) => renderBadge(status, { format, style, label });
  if (!BADGE_KEY.test(request.badgeKey)) return notFound(request);

  const variant: BadgeVariant = { kind: source.kind, badgeKey: request.badgeKey, format, style };
  const cache = createBadgeCache({ redis: deps.redis, prefix: deps.prefix });
  // A producer connection that is not ready (starting, or Redis away) refuses commands at once: skip the cache quietly;
  // the connection's own error listener reports the outage, once.
  let redisUp = deps.redis.status === 'ready' || deps.redis.options.enableOfflineQueue !== false;
  const tryRedis = async <T>(op: () => Promise<T>): Promise<T | undefined> => {
    if (!redisUp) return undefined;
    const outcome = await withTimeout(op(), deps.cacheTimeoutMs ?? DEFAULT_CACHE_TIMEOUT_MS);
    if (outcome.ok) return outcome.value;
    redisUp = false;
    (deps.onCacheError ?? ((m: string) => console.warn(m)))(`badge cache skipped: ${redactError(outcome.error)}`);
    return undefined;
  };

  const hit = await tryRedis(() => cache.lookup(variant));
  if (hit) {
    const rendered = label === undefined ? { body: hit.body, etag: hit.etag } : draw(hit.status);
    return { status: 200, format, ...rendered, cache: 'hit' };
  }

  const subject = await source.find(request.badgeKey);
  if (!subject) return notFound(request);
  // Before reading the state: a run that finishes from here on replaces the token, so what we store is never served.
  const version = await tryRedis(() => cache.version(source.kind, subject.id));
  const status = await source.status(subject);
  if (version !== undefined) {
    const stored = renderBadge(status, { format, style });
    await tryRedis(() => cache.store(variant, { subjectId: subject.id, version, status, ...stored }));
  }
  return { status: 200, format, ...draw(status), cache: redisUp ? 'miss' : 'bypass' };
}

function notFound(request: BadgeRequest): BadgeResult {
  const rendered = renderBadge({ state: 'not found' }, { format: request.format, style: request.style });
  return { status: 404, format: request.format, ...rendered, cache: 'none' };
}

async function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
      }),
    ]);
    return { ok: true, value };
  } catch (error) {
    // The command may still settle later; nothing waits for it.
    promise.catch(() => {});
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
