// Set-up shared by `npm start` and `npm test`: dependencies, generated Prisma client, Postgres and Redis reachable,
// the development role and database present. Every step is idempotent and quick when nothing is missing.
import { spawnSync, execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from './env.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function log(message) {
  console.log(`[mcptest] ${message}`);
}

export function fail(message) {
  console.error(`[mcptest] ${message}`);
  process.exit(1);
}

/** Runs a command in the repo root, inheriting output; exits on failure. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.status !== 0) fail(`${cmd} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** npm install when node_modules is missing or older than package-lock.json (npm ci on CI, for a reproducible tree). */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const manifests = [
    'package.json',
    ...['packages', 'workers', 'apps'].flatMap((dir) =>
      readdirSync(path.join(root, dir)).map((name) => `${dir}/${name}/package.json`),
    ),
  ];
  const newest = Math.max(mtime(lock), ...manifests.map((m) => mtime(path.join(root, m))));
  if (existsSync(marker) && mtime(marker) >= newest) return;
  const ci = env.ci && existsSync(lock);
  log(`installing dependencies (npm ${ci ? 'ci' : 'install'}; a few minutes on a fresh clone)`);
  runNpmInstall([ci ? 'ci' : 'install', '--no-audit', '--no-fund']);
}

/**
 * npm install/ci with its EBADENGINE and install-scripts warnings folded into one line each. Some dependencies declare
 * `engines` newer than the Node 20.19 this project supports (they run on it: the tests do), and npm 11 skips
 * dependencies' install scripts it was not told to allow (mcptest needs none of them: esbuild falls back to its
 * platform package, Prisma's engines are not downloaded, msgpackr's native extract is optional); npm prints several
 * lines for each, which looked like failures. Every other line, warnings and errors included, passes through, and a
 * failure still stops.
 */
function runNpmInstall(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  const { kept, packages, skippedScripts } = foldEngineWarnings(result.stderr ?? '');
  if (kept) process.stderr.write(kept.endsWith('\n') ? kept : `${kept}\n`);
  if (skippedScripts.length > 0) {
    log(
      `note: npm skipped the install scripts of ${skippedScripts.length} dependencies ` +
        `(${skippedScripts.slice(0, 3).join(', ')}${skippedScripts.length > 3 ? ', …' : ''}); mcptest needs none of them`,
    );
  }
  if (packages.length > 0) {
    log(
      `note: ${packages.length} dependencies declare a newer Node than ${process.version} in "engines" ` +
        `(npm's EBADENGINE warning: ${packages.slice(0, 3).join(', ')}${packages.length > 3 ? ', …' : ''}); ` +
        'they work on Node 20.19+, nothing to do',
    );
  }
  if (result.status !== 0) fail(`npm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/**
 * Splits npm's stderr into its EBADENGINE warnings (the packages they name), its install-scripts warnings (the
 * packages whose scripts were skipped) and everything else.
 */
export function foldEngineWarnings(stderr) {
  const packages = [];
  const skippedScripts = [];
  const kept = [];
  for (const line of stderr.split('\n')) {
    const scripts = /^npm (?:warn|WARN) install-scripts\b(.*)$/.exec(line);
    if (scripts) {
      const named = /^\s+(\S+@\S+) \(/.exec(scripts[1]);
      if (named && !skippedScripts.includes(named[1])) skippedScripts.push(named[1]);
      continue;
    }
    const warning = /^npm (?:warn|WARN) EBADENGINE\b(.*)$/.exec(line);
    if (!warning) {
      kept.push(line);
      continue;
    }
    const named = /package: '([^']+)'/.exec(warning[1]);
    if (named) packages.push(named[1]);
  }
  return { kept: kept.join('\n').replace(/^\n+|\n+$/g, ''), packages, skippedScripts };
}

/** prisma generate when the generated client is missing or older than the schema. */
export function ensureGenerated() {
  const client = path.join(root, 'packages/db/src/generated/prisma/client.ts');
  if (existsSync(client) && mtime(client) >= mtime(path.join(root, 'prisma/schema.prisma'))) return;
  log('generating the Prisma client');
  run(process.execPath, ['scripts/prisma-generate.mjs']);
}

function hostPort(url, defaultPort) {
  // A Redis Cluster URL (`redis+cluster://[auth@]h1:p1,h2:p2`, docs/operations.md) is no WHATWG URL: its first seed.
  const cluster = /^rediss?\+cluster:\/\/(?:[^@/]*@)?([^,/]+)/.exec(url);
  if (cluster) return { ...hostPort(`redis://${cluster[1]}`, defaultPort), cluster: true };
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(u.port || defaultPort) };
}

function isLocal(host) {
  return ['127.0.0.1', 'localhost', '::1'].includes(host);
}

function canConnect({ host, port }, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitFor(target, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await canConnect(target, 250)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function tryShell(command, timeoutMs = 60_000) {
  try {
    execSync(command, {
      stdio: 'ignore',
      shell: '/bin/bash',
      timeout: timeoutMs,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return true;
  } catch {
    return false;
  }
}

const COMPOSE_HINT = 'start them with `docker compose up -d postgres redis`, or set DATABASE_URL / REDIS_URL';

/** Makes sure Postgres and Redis answer, starting locally installed servers when they are down. */
export async function ensureServices() {
  const pg = hostPort(env.databaseUrl, 5432);
  if (!(await canConnect(pg))) {
    if (isLocal(pg.host) && existsSync('/etc/postgresql')) {
      log(`PostgreSQL is not answering on ${pg.host}:${pg.port}; starting the local cluster`);
      tryShell('pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | sort -V | tail -1) main start');
    }
    if (!(await waitFor(pg, 20))) fail(`PostgreSQL is not reachable at ${pg.host}:${pg.port}; ${COMPOSE_HINT}`);
  }
  const redis = hostPort(env.redisUrl, 6379);
  if (!(await canConnect(redis))) {
    // A local cluster is the operator's to start (test/redis-cluster.ts starts the tests' own).
    if (!redis.cluster && isLocal(redis.host) && tryShell('command -v redis-server')) {
      log(`Redis is not answering on ${redis.host}:${redis.port}; starting a local redis-server`);
      tryShell(`redis-server --daemonize yes --bind 127.0.0.1 --port ${redis.port} --save "" --appendonly no`);
    }
    if (!(await waitFor(redis, 10))) fail(`Redis is not reachable at ${redis.host}:${redis.port}; ${COMPOSE_HINT}`);
  }
}

function quoteIdent(name) {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * On a local server, creates the application role (LOGIN, CREATEDB, not superuser: row-level security must apply to
 * it, and the test harness creates its per-file databases with it) and its database when they are missing.
 */
export async function ensureDatabase() {
  const { default: pg } = await import('pg');
  const target = new URL(env.databaseUrl);
  const probe = new pg.Client({ connectionString: env.databaseUrl });
  try {
    await probe.connect();
    const { rows } = await probe.query('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user');
    if (rows[0]?.rolsuper || rows[0]?.rolbypassrls) {
      log('warning: DATABASE_URL connects as a superuser or BYPASSRLS role; row-level security is not enforced for it');
    }
    return;
  } catch (error) {
    // 28000 invalid authorization (role missing), 3D000 database missing
    if (!['28000', '3D000'].includes(error.code) || !isLocal(target.hostname.replace(/^\[|\]$/g, ''))) {
      fail(`cannot connect with DATABASE_URL (${error.message})`);
    }
  } finally {
    await probe.end().catch(() => {});
  }
  const role = decodeURIComponent(target.username || 'mcptest');
  const database = decodeURIComponent(target.pathname.slice(1) || role);
  const admin = new pg.Client({ connectionString: env.pgAdminUrl });
  try {
    await admin.connect();
  } catch (error) {
    fail(
      `role "${role}" or database "${database}" is missing and MCPTEST_PG_ADMIN_URL (${new URL(env.pgAdminUrl).host}) ` +
        `cannot create them: ${error.message}. Create them by hand: CREATE ROLE ${role} LOGIN CREATEDB; ` +
        `CREATE DATABASE ${database} OWNER ${role};`,
    );
  }
  try {
    const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    if (exists.rowCount === 0) {
      const password = target.password ? ` PASSWORD '${decodeURIComponent(target.password).replace(/'/g, "''")}'` : '';
      await admin.query(`CREATE ROLE ${quoteIdent(role)} LOGIN CREATEDB NOSUPERUSER NOBYPASSRLS${password}`);
      log(`created PostgreSQL role ${role}`);
    }
    const db = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (db.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${quoteIdent(database)} OWNER ${quoteIdent(role)}`);
      log(`created database ${database}`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * The browser tests drive Debian's chromium (playwright-core downloads no browser). Installs it when missing, as root
 * or through passwordless sudo; CHROMIUM_PATH names another binary instead.
 */
export function ensureBrowser() {
  const binary = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(binary)) return;
  if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH=${binary} does not exist`);
  log('installing chromium for the browser tests (Debian package)');
  const asRoot = process.getuid?.() === 0 ? '' : 'sudo -n ';
  const installed =
    tryShell(`${asRoot}apt-get install -y -qq chromium`, 600_000) ||
    (tryShell(`${asRoot}apt-get update -qq`, 600_000) && tryShell(`${asRoot}apt-get install -y -qq chromium`, 600_000));
  if (!installed || !existsSync(binary)) {
    fail('could not install chromium; run `apt-get install chromium` as root, or set CHROMIUM_PATH');
  }
}

/** Everything both commands need before they do their own work. */
export async function setup() {
  ensureInstalled();
  ensureGenerated();
  await ensureServices();
  await ensureDatabase();
}
