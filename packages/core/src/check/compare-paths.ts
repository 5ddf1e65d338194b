import { show, quote } from './excerpt';
import { fail, type ExpectationFailure } from './expectation';
import { formatLikeGo } from './format-like-go';
import { lookupPath } from './lookup-path';

/** Paths in sorted order (mcp-assert sorts them) so the reported failure is deterministic. */
export function comparePaths(
  expectation: 'json_path' | 'structured_content',
  paths: Readonly<Record<string, unknown>>,
  root: unknown,
): ExpectationFailure | undefined {
  for (const path of Object.keys(paths).sort()) {
    const wanted = paths[path];
    const found = lookupPath(root, path);
    if (!found.ok) {
      return fail(
        expectation,
        `${path} = ${show(wanted)}`,
        found.error,
        `${expectation} ${quote(path)}: ${found.error}`,
      );
    }
    if (formatLikeGo(found.value) !== formatLikeGo(wanted)) {
      const got = show(found.value);
      return fail(
        expectation,
        `${path} = ${show(wanted)}`,
        got,
        `${expectation} ${quote(path)}: want ${show(wanted)}, got ${got}`,
      );
    }
  }
  return undefined;
}
