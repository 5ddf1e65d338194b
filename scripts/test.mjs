// `npm test`: set up what is missing, then typecheck, lint, format check and every test (vitest, real Postgres and
// Redis). `npm test -- <vitest args>` runs only vitest with those arguments, for quick iteration.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { env } from './lib/env.mjs';
import { ensureNode } from './lib/node-runtime.mjs';
import { REDIS_CLUSTER_TEST_FILES } from './lib/redis-cluster-files.mjs';
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
/** Runs vitest with these arguments (on MCPTEST_TEST_NODE's Node when set), failing npm test if it fails. */
function vitest(vitestArgs, extraEnv = {}) {
  if (env.testNode) {
    // Vitest's workers and every `node` the tests spawn (servers, workers, the CLI) run on that Node: its folder goes
    // first on PATH, and vitest itself is started by it.
    const node = ensureNode(env.testNode);
    const PATH = `${path.dirname(node)}${path.delimiter}${env.all.PATH ?? ''}`;
    run(node, ['node_modules/vitest/vitest.mjs', 'run', ...vitestArgs], {
      env: { ...env.all, PATH, NODE_ENV: 'test', ...extraEnv },
    });
  } else {
    run('node_modules/.bin/vitest', ['run', ...vitestArgs], { env: { ...env.all, NODE_ENV: 'test', ...extraEnv } });
  }
}

log(env.testNode ? `tests on Node ${env.testNode}` : 'tests');
vitest(args);
if (args.length === 0) {
  // The Redis-facing files again, against a local Redis Cluster the global set-up starts (docs/operations.md).
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0) {
    log('Redis-facing tests against a local 3-primary Redis Cluster');
    vitest(REDIS_CLUSTER_TEST_FILES, { MCPTEST_TEST_REDIS: 'cluster' });
  } else {
    log('Redis Cluster pass skipped: redis-server is not on PATH (it starts the local cluster)');
  }
}
