import type { ErrorDetail } from './api-error';
import { formatIssuePath } from './to-error-response';

/**
 * U+0000 (Postgres text cannot hold it) and UTF-16 surrogates without their pair (not encodable as UTF-8): valid JSON
 * and valid for zod, but a write of either fails in the database, which was a 500 before this check (fuzzing found it).
 */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first string (or object key) in a parsed request body or query that the database cannot store, as a 400 detail
 * naming its path (`name`, `headers.X-Key`, `overrides[0].tool`), or undefined when there is none.
 */
export function findUnstorableText(value: unknown, prefix = ''): ErrorDetail | undefined {
  const label = (path: readonly PropertyKey[]) => [prefix, formatIssuePath(path)].filter(Boolean).join('.') || '(body)';
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) {
        return {
          path: label(path),
          message: 'contains a NUL character or an unpaired surrogate, which cannot be stored',
        };
      }
    } else if (Array.isArray(current)) {
      // Pushed in reverse, so the first problem in document order is the one reported.
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current).reverse()) {
        if (UNSTORABLE.test(key)) {
          return { path: label(path), message: 'a key contains a NUL character or an unpaired surrogate' };
        }
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}
