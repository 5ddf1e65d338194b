import Link from 'next/link';

/**
 * Keyset pagination links for lists that come from the services' `Page` (newest first). `params` are the current
 * query parameters (filters, and other lists' cursors, are kept); this list's cursor lives in `param` (default
 * `cursor`; a page with several lists gives each its own). There is no "previous": the first page is one click away.
 */
export function Pagination({
  basePath,
  params,
  nextCursor,
  label = 'Pages',
  param = 'cursor',
}: {
  basePath: string;
  params: Record<string, string | undefined>;
  nextCursor: string | null;
  label?: string;
  param?: string;
}) {
  const onFirstPage = !params[param];
  if (onFirstPage && !nextCursor) return null;
  const href = (cursor?: string) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value && key !== param) query.set(key, value);
    if (cursor) query.set(param, cursor);
    const text = query.toString();
    return text ? `${basePath}?${text}` : basePath;
  };
  return (
    <nav className="pagination" aria-label={label}>
      {onFirstPage ? null : <Link href={href()}>← Newest</Link>}
      {nextCursor ? (
        <Link href={href(nextCursor)} rel="next">
          Older →
        </Link>
      ) : null}
    </nav>
  );
}
