// `npm run typecheck`: tsc --noEmit on every project of scripts/lib/tsconfigs.mjs (the list `npm test` checks too).
// Runs them all and reports each failure, so one broken project does not hide another.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { typecheckProjects } from './lib/tsconfigs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const failed = [];
for (const project of typecheckProjects(root)) {
  console.log(`[typecheck] ${project}`);
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  const result = spawnSync(tsc, ['-p', project, '--noEmit'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed.push(project);
}
if (failed.length > 0) {
  console.error(`[typecheck] failed: ${failed.join(', ')}`);
  process.exit(1);
}
