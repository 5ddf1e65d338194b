import path from 'node:path';

/**
 * The mcp-assert compatibility corpus (MIT; upstream repository and commit in its SOURCE.md), vendored unmodified under
 * test/compat so tests run from any checkout location. Where a development machine also has the shared copy next to
 * the checkout, compat.test.ts keeps the two identical.
 */
export const COMPAT_DIR = path.resolve('test/compat/mcp-assert');
