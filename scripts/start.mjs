// `npm start`: set up what is missing (dependencies, Postgres/Redis, role and database, migrations) and run the web app
// and the worker together. The web app is a production build (`next build` on the first start and whenever its sources
// changed, scripts/lib/web-build.mjs; `next start` otherwise), so pages answer fast. `npm run dev` (this script with
// --dev) runs `next dev` instead, for working on the app: it recompiles on every change.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { env } from './lib/env.mjs';
import { fail, log, root, run, setup } from './lib/setup.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const dev = process.argv.includes('--dev');

await setup();
log('applying migrations');
run('node_modules/.bin/tsx', ['packages/db/src/bin/migrate.ts']);

if (!dev) {
  try {
    await ensureWebBuild({ log });
  } catch (error) {
    fail(`${error.message}; \`npm run dev\` runs the app without a build`);
  }
}

// Without APP_URL the app is for this machine only (http://localhost:$PORT): it listens on loopback alone, and the
// development defaults apply (packages/core decideEnvMode: a loopback APP_URL, production build or not), so it gets
// the development sign-in (any email, no password) unless the operator says otherwise. A set APP_URL is the operator's
// deployment: all interfaces, and the web app refuses the development defaults unless APP_URL is loopback.
const loopbackOnly = !env.all.APP_URL;
if (loopbackOnly && env.all.MCPTEST_DEV_SIGNIN === undefined && env.all.MCPTEST_ALLOW_DEV_DEFAULTS !== '0') {
  env.all.MCPTEST_DEV_SIGNIN = '1';
}

/** What `npm start` prints once the app answers: how a person gets in. */
function signInHelp() {
  const lines = [`open ${publicUrl}/signin to sign in, then create an organization and follow its first steps`];
  if (env.all.MCPTEST_DEV_SIGNIN === '1') {
    lines.push('  development sign-in is on (MCPTEST_DEV_SIGNIN=1): type any email, no password');
  } else {
    lines.push(
      '  sign-in methods: email links (SMTP_URL) and GitHub (AUTH_GITHUB_ID/AUTH_GITHUB_SECRET), docs/self-hosting.md',
    );
  }
  if (!env.all.SMTP_URL && loopbackOnly) lines.push('  email sign-in links are printed in this log (no SMTP_URL set)');
  if (loopbackOnly)
    lines.push(`  listening on loopback only; set APP_URL to serve other machines (docs/self-hosting.md)`);
  lines.push('for the API: npm run admin -- tenant create --name "My team" --owner you@example.com  (prints a token)');
  return lines;
}

/** Where the web app listens on this machine (the health check); APP_URL's default names the same place. */
const url = `http://${loopbackOnly ? '127.0.0.1' : 'localhost'}:${env.port}`;
const publicDefault = `http://localhost:${env.port}`;
/** Where people open it: APP_URL when set (sign-in links and cookies are made for it). */
const publicUrl = (env.all.APP_URL || publicDefault).replace(/\/+$/, '');
const children = [];
function launch(name, cmd, args, cwd) {
  const child = spawn(cmd, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    // MCPTEST_NEXT_LOCAL_BUILD: `next start` reads next.config.ts too, and must see the same config as the build.
    env: { NEXT_TELEMETRY_DISABLED: '1', MCPTEST_NEXT_LOCAL_BUILD: '1', ...env.all, PORT: env.port },
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => `${name.padEnd(6)} | ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    log(`${name} exited (${signal ?? code}); stopping`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

let shuttingDown = false;
function shutdown(code) {
  shuttingDown = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  // Exits as soon as every child has; the timer above is the deadline. Waiting for 'exit' events cannot reject.
  void Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

const next = path.join(root, 'node_modules/.bin/next');
const webDir = path.join(root, 'apps/web');
const host = loopbackOnly ? ['-H', '127.0.0.1'] : [];
launch('web', next, [dev ? 'dev' : 'start', '-p', env.port, ...host], webDir);
// `node --import tsx`, not tsx's CLI: the CLI is a second Node process (about 50 MB resident) that only relays signals
// to the worker; this way the worker is one process, SIGTERM reaches it directly, and its pid is the one to measure.
launch('worker', process.execPath, ['--import', 'tsx', 'workers/runner/src/main.ts'], root);

for (let i = 0; i < 240 && !shuttingDown; i++) {
  try {
    const res = await fetch(`${url}/api/health`);
    const body = await res.json();
    // The first answer may come before the pools have connected (a busy machine): give them a few seconds.
    if (res.status !== 200 && i < 40) throw new Error('degraded');
    log(
      `mcptest is up at ${publicUrl}  (health: postgres ${body.postgres?.ok ? 'ok' : 'DOWN'}, redis ${body.redis?.ok ? 'ok' : 'DOWN'})`,
    );
    for (const line of signInHelp()) log(line);
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 500));
  }
}
if (!shuttingDown && children.every((c) => c.exitCode === null)) log('press Ctrl+C to stop');
else if (!shuttingDown) fail('the web app did not come up');
