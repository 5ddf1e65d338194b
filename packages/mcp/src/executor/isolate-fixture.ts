import { cp, lstat, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface IsolatedFixture {
  /** The copy: `<tmp>/<basename of the original>`, so paths keep the fixture's own folder name. */
  dir: string;
  /** Deletes the copy; never throws. */
  cleanup(): Promise<void>;
}

/**
 * Copies a fixture directory into a fresh temporary directory, so a tool that writes (or deletes) files cannot affect
 * the next assertion or the user's checkout. Symbolic links are not copied: following one could copy files from
 * outside the fixture tree, and keeping one would let the tool write through it into the original.
 */
export async function isolateFixture(fixtureDir: string): Promise<IsolatedFixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'mcptest-fixture-'));
  const dir = path.join(root, path.basename(fixtureDir));
  const cleanup = () => rm(root, { recursive: true, force: true }).catch(() => undefined);
  try {
    await cp(fixtureDir, dir, {
      recursive: true,
      filter: async (source) => !(await lstat(source)).isSymbolicLink(),
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { dir, cleanup };
}
