// `npm run typecheck` and `npm test` check the same TypeScript projects, and that list is every tsconfig of the repo.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { typecheckProjects } from '../../scripts/lib/tsconfigs.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'tsconfigs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, config: object): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), JSON.stringify(config));
}

describe('typecheckProjects', () => {
  it("is every tracked tsconfig*.json of this repository except the shared base, the root's first", () => {
    const tracked = execFileSync('git', ['ls-files', '*tsconfig*.json'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => file !== '' && file !== 'tsconfig.base.json');
    const projects = typecheckProjects();
    expect(projects[0]).toBe('tsconfig.json');
    expect([...projects].sort()).toEqual(tracked.sort());
    expect(projects).toEqual(expect.arrayContaining(['apps/web/tsconfig.json', 'scripts/bench/tsconfig.json']));
  });

  it('finds nested and oddly named projects, and skips bases, node_modules and dot-folders', () => {
    write('tsconfig.json', { include: ['src'] });
    write('tsconfig.base.json', { compilerOptions: { strict: true } });
    write('apps/new/tsconfig.json', { extends: '../../tsconfig.base.json', include: ['src'] });
    write('packages/x/tsconfig.build.json', { files: ['index.ts'] });
    write('node_modules/dep/tsconfig.json', { include: ['src'] });
    write('apps/new/.next/tsconfig.json', { include: ['src'] });
    expect(typecheckProjects(dir)).toEqual([
      'tsconfig.json',
      'apps/new/tsconfig.json',
      'packages/x/tsconfig.build.json',
    ]);
  });

  it('reads tsconfig files with comments and trailing commas (a commented base is still a base)', () => {
    const tree = mkdtempSync(path.join(tmpdir(), 'tsconfigs-jsonc-'));
    try {
      writeFileSync(
        path.join(tree, 'tsconfig.base.json'),
        '{\n  // shared options\n  "compilerOptions": { /* alias */ "paths": { "@/*": ["./src/*"] }, },\n}\n',
      );
      writeFileSync(path.join(tree, 'tsconfig.json'), '{ "extends": "./tsconfig.base.json", "include": ["src"], }');
      expect(typecheckProjects(tree)).toEqual(['tsconfig.json']);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('is the list both `npm run typecheck` and `npm test` use', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.typecheck).toBe('node scripts/typecheck.mjs');
    for (const file of ['scripts/typecheck.mjs', 'scripts/test.mjs']) {
      const source = readFileSync(file, 'utf8');
      expect(source).toMatch(/from '\.\/lib\/tsconfigs\.mjs'/);
      expect(source).toMatch(/for \(const project of typecheckProjects\(/);
      expect(source).not.toMatch(/'-p', '[^']+\.json'/);
    }
  });
});
