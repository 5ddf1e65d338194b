import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingSlug } from '../../scripts/docs/suite-reference';

/*
 * The docs must stand alone in a fresh clone: every link either goes to the web (http/https/mailto) or to a file of
 * this repository that exists (and, for `file.md#anchor`, to a heading that exists). Nothing may point outside the
 * checkout (`../shared/...`, `/work/...`, `file://`), which works on one machine and nowhere else.
 */

const ROOT = process.cwd();
const SKIP_DIRS = new Set(['node_modules', '.next', 'dist', '.git', 'test-artifacts']);

/** README.md, docs/*.md and every README of the packages, apps, workers, infra and examples. */
function docFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string, readmesOnly: boolean): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (!SKIP_DIRS.has(name) && !name.startsWith('.next')) walk(full, readmesOnly);
      } else if (name.endsWith('.md') && (!readmesOnly || /^readme/i.test(name))) {
        found.push(path.relative(ROOT, full));
      }
    }
  };
  walk(path.join(ROOT, 'docs'), false);
  for (const dir of ['packages', 'apps', 'workers', 'infra', 'examples']) walk(path.join(ROOT, dir), true);
  return found.sort();
}

/** The text without fenced code blocks and inline code spans, where link syntax is only an example. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

function linksOf(markdown: string): string[] {
  const text = prose(markdown);
  const links: string[] = [];
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)) links.push(match[1] ?? '');
  for (const match of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) links.push(match[1] ?? '');
  for (const match of text.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/g)) links.push(match[1] ?? '');
  return links;
}

/** The anchors GitHub gives the headings of a Markdown file (repeats get -1, -2, ...), and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = (match[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = headingSlug(text);
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:id|name)=["']([^"']+)["']/g)) anchors.add(match[1] ?? '');
  return anchors;
}

/** Why a link of `file` is broken, or undefined when it is fine. */
function problemWith(file: string, link: string): string | undefined {
  if (/^(https?:|mailto:)/i.test(link)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return 'links outside the repository (only http(s) links may leave it)';
  const [target = '', anchor] = link.split('#', 2);
  if (target.startsWith('/')) return 'is an absolute path: use a path relative to the file';
  const resolved = target === '' ? path.join(ROOT, file) : path.resolve(ROOT, path.dirname(file), decodeURI(target));
  const inside = path.relative(ROOT, resolved);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 'points outside the repository';
  if (!existsSync(resolved)) return `points to ${inside}, which does not exist`;
  if (anchor !== undefined && anchor !== '' && resolved.endsWith('.md')) {
    if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) return `${inside} has no heading for #${anchor}`;
  }
  return undefined;
}

describe('links in the docs', () => {
  const files = docFiles();

  it('finds the docs', () => {
    expect(files).toContain('docs/suite-format.md');
    expect(files).toContain('docs/suite-reference.md');
  });

  it('stay inside the repository and resolve', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const link of linksOf(readFileSync(file, 'utf8'))) {
        const problem = problemWith(file, link);
        if (problem !== undefined) broken.push(`${file}: (${link}) ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('never name a path outside the checkout, even in code', () => {
    const mentions: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/\.\.\/shared\/|(^|[\s(`'"=])\/work\//.test(line)) mentions.push(`${file}:${index + 1}: ${line}`);
        });
    }
    expect(mentions).toEqual([]);
  });
});

describe('the link checker', () => {
  it('catches the kinds of broken links it is for', () => {
    expect(problemWith('docs/ci.md', '../../shared/compat/README.md')).toBe('points outside the repository');
    expect(problemWith('docs/ci.md', '/work/main/docs/ci.md')).toMatch(/absolute path/);
    expect(problemWith('docs/ci.md', 'file:///work/main/README.md')).toMatch(/outside the repository/);
    expect(problemWith('docs/ci.md', 'no-such-file.md')).toMatch(/does not exist/);
    expect(problemWith('docs/ci.md', 'suite-format.md#no-such-heading')).toMatch(/no heading/);
    expect(problemWith('docs/ci.md', 'suite-format.md#cli-only-keys')).toBeUndefined();
    expect(problemWith('docs/ci.md', 'https://example.com/x')).toBeUndefined();
  });
});
