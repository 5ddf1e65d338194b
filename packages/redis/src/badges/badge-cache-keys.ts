import { BADGE_TAG } from '../key-tags';
import { redisKey } from '../redis';

/**
 * Whose badge: one suite, a project's aggregate over its enabled suites, or the conformance badge of a server's
 * conformance suite (keyed by that suite's badge key and id, like its suite badge, but drawn from its latest
 * ConformanceReport), or a server's uptime badge (keyed by its monitor's badge key and id).
 */
export type BadgeSubjectKind = 'suite' | 'project' | 'conformance' | 'uptime';
export type BadgeFormat = 'svg' | 'json';

/**
 * One cached rendering of a badge: which badge (by its public key) and how it is drawn. There is no label: a badge has
 * at most 2 formats × the hosted styles of entries, however many `label=` variants are asked for; a custom label is
 * drawn from the status stored with the entry (docs/badges.md), so anonymous requests cannot grow Redis.
 */
export interface BadgeVariant {
  kind: BadgeSubjectKind;
  /** The unguessable key in the public URL. */
  badgeKey: string;
  format: BadgeFormat;
  style: string;
}

/** Rendered badges live this long unless invalidated first (a run finishing invalidates at once). */
export const BADGE_CACHE_TTL_SECONDS = 10 * 60;

/**
 * Version tokens outlive every entry written under them by far. The rule that matters: a version key must not expire
 * while an entry rendered before its last change could still be read, or that stale entry would match the missing
 * version again. One day against ten minutes leaves no such window; it also keeps idle suites from leaving keys behind.
 */
export const BADGE_VERSION_TTL_SECONDS = 24 * 60 * 60;

/*
 * Every badge key carries the `{badge}` hash tag: a lookup reads an entry and then the version key its subject id
 * names, inside one script, so on Redis Cluster all badge keys share one slot (one primary serves the badge cache).
 */

/** The version token of a suite's or project's badges, by id (what the worker knows when a run finishes). */
export function badgeVersionKey(prefix: string, kind: BadgeSubjectKind, id: string): string {
  return redisKey(prefix, BADGE_TAG, 'ver', kind, id);
}

/** The rendered bytes of one variant, by the public badge key (what a request carries, so a hit needs no Postgres). */
export function badgeEntryKey(prefix: string, variant: BadgeVariant): string {
  return redisKey(
    prefix,
    BADGE_TAG,
    'entry',
    variant.kind,
    encodeURIComponent(variant.badgeKey),
    variant.format,
    encodeURIComponent(variant.style),
  );
}
