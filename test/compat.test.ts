import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPAT_DIR } from './compat';

const SHARED = path.resolve('../shared/compat/mcp-assert');

function files(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full, base) : [path.relative(base, full)];
  });
}

describe('vendored mcp-assert corpus', () => {
  it('holds the suites', () => {
    expect(files(COMPAT_DIR).filter((f) => f.endsWith('.yaml')).length).toBeGreaterThanOrEqual(50);
  });

  // Where the shared corpus exists (the development machines), the vendored copy must be byte-identical: the corpus
  // is third-party test data that mcptest runs unchanged.
  it.skipIf(!existsSync(SHARED))('is identical to ../shared/compat/mcp-assert', () => {
    expect(files(COMPAT_DIR).sort()).toEqual(files(SHARED).sort());
    for (const file of files(SHARED)) {
      expect(readFileSync(path.join(COMPAT_DIR, file)).equals(readFileSync(path.join(SHARED, file))), file).toBe(true);
    }
  });
});
