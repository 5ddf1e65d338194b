// `npm test`: set up what is missing, then typecheck, lint, format check and every test (vitest, real Postgres and
// Redis). `npm test -- <vitest args>` runs only vitest with those arguments, for quick iteration.
import { ensureBrowser, log, run, setup } from './lib/setup.mjs';
import { typecheckProjects } from './lib/tsconfigs.mjs';

const args = process.argv.slice(2);
await setup();
ensureBrowser();
if (args.length === 0) {
  log('typecheck');
  for (const project of typecheckProjects()) run('node_modules/.bin/tsc', ['-p', project, '--noEmit']);
  log('lint');
  run('node_modules/.bin/eslint', ['--max-warnings', '0', '.']);
  run('node_modules/.bin/prettier', ['--check', '--log-level', 'warn', '.']);
}
log('tests');
run('node_modules/.bin/vitest', ['run', ...args], { env: { ...process.env, NODE_ENV: 'test' } });
