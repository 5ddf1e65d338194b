// The web app's production build, made once and reused until its sources change: `npm start` and the test harness
// (test/global-setup.ts) both go through ensureWebBuild. A fingerprint of everything the build reads (the app, the
// workspace packages it compiles, the lockfile, the configs, Node's version) is stored next to the build; a build whose
// stored fingerprint differs from the sources' is stale and is rebuilt, so a stale build is never served.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the build reads, relative to the repository root: folders are walked, files are read. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/next.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/core/src',
  'packages/core/package.json',
  'packages/db/src',
  'packages/db/package.json',
  'packages/mcp/src',
  'packages/mcp/package.json',
  'packages/redis/src',
  'packages/redis/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

/** Tests are not part of the build: editing one must not cost a rebuild. */
function isBuildInput(name) {
  return !/\.test\.tsx?$/.test(name) && name !== 'node_modules' && !name.startsWith('.');
}

function walk(relative, out) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  const entries = readdirSync(absolute, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (!isBuildInput(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) walk(child, out);
    else if (entry.isFile()) out.push(child);
  }
}

/** A hash of every build input's path and content, and of what else changes the output (Node, build options). */
export function webBuildFingerprint(options = { local: true }) {
  const files = [];
  for (const input of INPUTS) {
    const absolute = path.join(root, input);
    if (!existsSync(absolute)) continue;
    if (statSync(absolute).isDirectory()) walk(input, files);
    else files.push(input);
  }
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n`);
  hash.update(`options ${JSON.stringify(options)}\n`);
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\n');
  }
  return hash.digest('hex');
}

const FINGERPRINT_FILE = 'mcptest-build-fingerprint';

/** The build folder of `distDir` (relative to apps/web) and whether it was built from the current sources. */
export function webBuildState(distDir = '.next') {
  const dir = path.join(root, 'apps/web', distDir);
  const fingerprint = webBuildFingerprint();
  let stored;
  try {
    stored = existsSync(path.join(dir, 'BUILD_ID'))
      ? readFileSync(path.join(dir, FINGERPRINT_FILE), 'utf8').trim()
      : '';
  } catch {
    stored = '';
  }
  return { dir, fingerprint, current: stored === fingerprint, exists: stored !== '' };
}

/**
 * Runs `next build` into `distDir` unless the build there matches the sources. `log` reports what happens (the build
 * takes about a minute on two idle cores); resolves to whether it built. Rejects when the build fails (its output is
 * inherited, or in the error when `quiet`). Several processes may call it at once (test files): a lock folder beside
 * the build lets one build while the others wait, then they find it current.
 */
export async function ensureWebBuild({ distDir = '.next', log = () => {}, quiet = false, env = process.env } = {}) {
  const lock = path.join(root, 'apps/web', `${distDir}.build-lock`);
  for (;;) {
    if (webBuildState(distDir).current) return false;
    try {
      mkdirSync(lock);
    } catch {
      // Another process is building; a lock older than 20 minutes is left from a killed one.
      if (Date.now() - (statSafe(lock)?.mtimeMs ?? Date.now()) > 20 * 60_000)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    try {
      const state = webBuildState(distDir);
      if (state.current) return false;
      await build(state, { distDir, log, quiet, env });
      return true;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

function statSafe(file) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

async function build(state, { distDir, log, quiet, env }) {
  log(
    state.exists
      ? 'the web app changed since its last production build; rebuilding it (about a minute)'
      : 'building the web app for production (first start only; about a minute, reused until the source changes)',
  );
  const started = Date.now();
  const child = spawn(path.join(root, 'node_modules/.bin/next'), ['build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    env: {
      ...env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      MCPTEST_NEXT_DIST_DIR: distDir,
      // For `next start` on this machine: no standalone folder, no second type check (next.config.ts).
      MCPTEST_NEXT_LOCAL_BUILD: '1',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal)));
  if (code !== 0) throw new Error(`next build failed (exit ${code})${quiet ? `\n${output}` : ''}`);
  writeFileSync(path.join(state.dir, FINGERPRINT_FILE), `${state.fingerprint}\n`);
  log(`built the web app in ${Math.round((Date.now() - started) / 1000)} s`);
}
