import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';

/** `?limit=&cursor=` of every list endpoint: newest first, at most 100 per page. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export interface Page<T> {
  items: T[];
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: string | null;
}

const CursorValue = z.object({ t: z.iso.datetime(), id: z.string().min(1) });

/**
 * Keyset pagination over (createdAt desc, id desc): stable while rows are added, no OFFSET scans. The cursor is opaque
 * to clients (base64url JSON of the last row's key).
 */
export function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (cursor === undefined) return undefined;
  try {
    const value = CursorValue.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { createdAt: new Date(value.t), id: value.id };
  } catch {
    throw new ApiError('validation_failed', 'invalid cursor', [
      { path: 'query.cursor', message: 'not a cursor this API gave' },
    ]);
  }
}

/** The `where` fragment for the rows after the cursor in (createdAt desc, id desc) order. */
export function afterCursor(cursor: { createdAt: Date; id: string } | undefined) {
  if (!cursor) return {};
  return {
    OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
  };
}

/** Given `limit + 1` rows, the page and the cursor of the next one. */
export function toPage<R extends { createdAt: Date; id: string }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items.at(-1);
  return {
    items: items.map(map),
    nextCursor:
      more && last
        ? Buffer.from(JSON.stringify({ t: last.createdAt.toISOString(), id: last.id })).toString('base64url')
        : null,
  };
}

export const PAGE_ORDER = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
