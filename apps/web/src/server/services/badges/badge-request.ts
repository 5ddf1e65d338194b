import { HOSTED_BADGE_STYLES, type HostedBadgeStyle } from '@mcptest/core';
import type { BadgeFormat } from '@mcptest/redis';
import { z } from 'zod';

/** Longest `label=` accepted; shields' own badges rarely need more than a few words. */
export const MAX_BADGE_LABEL_LENGTH = 64;

/** What a badge request asks for, once parsed. */
export interface BadgeRequest {
  /** As it appears in the URL; the service checks its shape before looking it up. */
  badgeKey: string;
  format: BadgeFormat;
  style: HostedBadgeStyle;
  /** Overrides the default label; `''` draws the message alone. */
  label?: string;
}

/** The last path segment: `<badge key>.svg` or `<badge key>.json`. */
const BadgeFile = z.string().regex(/^[^/]+\.(svg|json)$/, 'must end in .svg or .json');

/** The query string. Unknown parameters are ignored (README authors add `?v=2` to bust caches). */
export const BadgeQuery = z.object({
  style: z.enum(HOSTED_BADGE_STYLES).default('flat'),
  label: z
    .string()
    .max(MAX_BADGE_LABEL_LENGTH)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
    .optional(),
});

export type ParsedBadgeRequest =
  | { ok: true; request: BadgeRequest }
  /** The path names no badge format: a plain 404. */
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 400; message: string; issues: { path: string; message: string }[] };

/** Parses the route's `[file]` segment and the query string of a badge URL. */
export function parseBadgeRequest(file: string, search: URLSearchParams): ParsedBadgeRequest {
  const path = BadgeFile.safeParse(file);
  if (!path.success) return { ok: false, status: 404, message: 'no such badge: the URL must end in .svg or .json' };
  const query = BadgeQuery.safeParse({
    style: search.get('style') ?? undefined,
    label: search.get('label') ?? undefined,
  });
  if (!query.success) {
    return {
      ok: false,
      status: 400,
      message: 'invalid badge query',
      issues: query.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    };
  }
  const dot = file.lastIndexOf('.');
  return {
    ok: true,
    request: {
      badgeKey: file.slice(0, dot),
      format: file.slice(dot + 1) as BadgeFormat,
      style: query.data.style,
      ...(query.data.label === undefined ? {} : { label: query.data.label }),
    },
  };
}
