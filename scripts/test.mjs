// `npm test`: set up what is missing, then typecheck, lint, format check and every test (vitest, real Postgres and
// Redis). `npm test -- <vitest args>` runs only vitest with those arguments, for quick iteration.
import path from 'node:path';
import { env } from './lib/env.mjs';
import { ensureNode } from './lib/node-runtime.mjs';
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
if (env.testNode) {
  // Vitest's workers and every `node` the tests spawn (servers, workers, the CLI) run on that Node: its folder goes
  // first on PATH, and vitest itself is started by it.
  const node = ensureNode(env.testNode);
  log(`tests on Node ${env.testNode} (${node})`);
  const PATH = `${path.dirname(node)}${path.delimiter}${env.all.PATH ?? ''}`;
  run(node, ['node_modules/vitest/vitest.mjs', 'run', ...args], { env: { ...env.all, PATH, NODE_ENV: 'test' } });
} else {
  log('tests');
  run('node_modules/.bin/vitest', ['run', ...args], { env: { ...env.all, NODE_ENV: 'test' } });
}
