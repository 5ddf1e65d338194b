import { access, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolateFixture } from './isolate-fixture';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('isolateFixture', () => {
  let root: string;
  let fixture: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'mcptest-isolate-test-'));
    fixture = path.join(root, 'project');
    await mkdir(path.join(fixture, 'src'), { recursive: true });
    await writeFile(path.join(fixture, 'src', 'main.go'), 'package main\n');
    await writeFile(path.join(root, 'outside.txt'), 'secret');
    await symlink(path.join(root, 'outside.txt'), path.join(fixture, 'link.txt'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('copies the tree under the same folder name, leaves out symlinks, and cleans up', async () => {
    const copy = await isolateFixture(fixture);
    expect(path.basename(copy.dir)).toBe('project');
    expect(copy.dir).not.toBe(fixture);
    expect(await readFile(path.join(copy.dir, 'src', 'main.go'), 'utf8')).toBe('package main\n');
    expect(await exists(path.join(copy.dir, 'link.txt'))).toBe(false);

    // Writing to the copy leaves the original alone.
    await writeFile(path.join(copy.dir, 'src', 'main.go'), 'changed');
    expect(await readFile(path.join(fixture, 'src', 'main.go'), 'utf8')).toBe('package main\n');

    await copy.cleanup();
    expect(await exists(copy.dir)).toBe(false);
    expect(await exists(path.dirname(copy.dir))).toBe(false);
  });

  it('rejects a fixture directory that does not exist, leaving no temp dir behind', async () => {
    await expect(isolateFixture(path.join(root, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
