// The one list of TypeScript projects that `npm run typecheck` and `npm test` check: every tsconfig*.json of the
// repository (outside node_modules, build output and dot-folders) that names its own files. A config without
// `include`/`files` is a base that others extend (tsconfig.base.json); checked alone it would pull in every .ts file
// under its folder, so it is left out. Found by walking the tree, so a new app's tsconfig is checked without edits here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-artifacts', 'generated']);

/** tsconfig files are JSON with comments (and trailing commas); drops both outside strings so JSON.parse reads them. */
function stripJsonComments(text) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i === -1) break;
      i++;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function isProject(file) {
  try {
    const config = JSON.parse(stripJsonComments(readFileSync(file, 'utf8')));
    return 'include' in config || 'files' in config;
  } catch {
    // Not readable as JSON even so: let tsc read it and report what it finds.
    return true;
  }
}

/** Paths relative to `root` (forward slashes), sorted, the root's tsconfig.json first. */
export function typecheckProjects(root = ROOT) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(path.join(dir, entry.name));
      } else if (/^tsconfig.*\.json$/.test(entry.name) && isProject(path.join(dir, entry.name))) {
        found.push(path.relative(root, path.join(dir, entry.name)).split(path.sep).join('/'));
      }
    }
  };
  walk(root);
  return found.sort((a, b) => (a === 'tsconfig.json' ? -1 : b === 'tsconfig.json' ? 1 : a.localeCompare(b)));
}
