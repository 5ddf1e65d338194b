import path from 'node:path';

/**
 * The mcp-assert compatibility corpus (../shared/compat/mcp-assert, MIT, see its SOURCE.md), vendored unmodified under
 * test/compat so tests run from any checkout location. compat.test.ts keeps the copy identical to the shared one.
 */
export const COMPAT_DIR = path.resolve('test/compat/mcp-assert');
