// `npm run db:diff`: prints the SQL migration that turns one Prisma schema into another, offline.
//
//   node scripts/prisma-sql-diff.mjs                                  # HEAD's prisma/schema.prisma -> the working copy
//   node scripts/prisma-sql-diff.mjs --from old.prisma --to new.prisma
//   node scripts/prisma-sql-diff.mjs --from-empty --to prisma/schema.prisma
//
// Why not `prisma migrate diff`: the Prisma CLI runs a native schema-engine binary it downloads on first use, which
// some machines cannot fetch. Prisma also ships the same engine compiled to WebAssembly (@prisma/schema-engine-wasm,
// installed with our pinned @prisma/internals); we load it directly. That engine talks to the database only through a
// JavaScript driver adapter, and diffing two schema files needs no database: the adapter below answers the one
// version probe the engine makes on connect and refuses anything else, so an engine change that starts to need a
// live database fails loudly here instead of diffing against something made up.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: prisma-sql-diff [--from OLD.prisma | --from-empty] [--to NEW.prisma]';

/** The engine and the adapter helpers as @prisma/internals resolves them, so the versions match each other. */
async function loadEngine() {
  const internals = createRequire(createRequire(path.join(ROOT, 'package.json')).resolve('@prisma/internals'));
  const bgPath = internals.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const bindings = await import(pathToFileURL(bgPath).href);
  const { bindMigrationAwareSqlAdapterFactory } = await import(
    pathToFileURL(internals.resolve('@prisma/driver-adapter-utils')).href
  );
  // The package's own entry imports the .wasm as an ES module, which Node cannot do; instantiate it by hand.
  const bytes = readFileSync(path.join(path.dirname(bgPath), 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bindings });
  bindings.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return { SchemaEngine: bindings.SchemaEngine, bindMigrationAwareSqlAdapterFactory };
}

/** A Postgres "connection" with no database behind it (see the header). Column types: 5 boolean, 7 text, 0 int32. */
function offlineConnection() {
  const refuse = (what) => async () => {
    throw new Error(`prisma-sql-diff works offline; the schema engine asked the database for ${what}`);
  };
  return {
    provider: 'postgres',
    adapterName: 'mcptest-offline',
    getConnectionInfo: () => ({ schemaName: 'public', supportsRelationJoins: true }),
    queryRaw: async (query) => {
      if (query.sql.includes('server_version_num')) {
        return {
          columnNames: ['exists', 'version', 'numeric_version'],
          columnTypes: [5, 7, 0],
          rows: [[true, 'PostgreSQL 17.0', 170000]],
        };
      }
      return refuse(`a query (${query.sql.slice(0, 80)})`)();
    },
    executeRaw: refuse('a statement'),
    executeScript: refuse('a script'),
    startTransaction: refuse('a transaction'),
    dispose: async () => {},
  };
}

/**
 * The SQL that migrates a database from schema `from` (text, or null for an empty database) to schema `to` (text).
 * An empty string when there is nothing to do.
 */
export async function diffSchemas(from, to) {
  const { SchemaEngine, bindMigrationAwareSqlAdapterFactory } = await loadEngine();
  const adapter = bindMigrationAwareSqlAdapterFactory({
    provider: 'postgres',
    adapterName: 'mcptest-offline',
    connect: async () => offlineConnection(),
    connectToShadowDb: async () => offlineConnection(),
  });
  const engine = await SchemaEngine.new({ datamodels: [['to.prisma', to]] }, () => {}, adapter);
  try {
    const result = await engine.diff({
      from:
        from === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'from.prisma', content: from }] },
      to: { tag: 'schemaDatamodel', files: [{ path: 'to.prisma', content: to }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = result.stdout ?? '';
    // The engine writes a comment-only script for "no change"; callers (and the test) want plain emptiness.
    return /^\s*(--[^\n]*\s*)*$/.test(sql) ? '' : sql;
  } finally {
    engine.free();
  }
}

function parseArgs(argv) {
  const options = { from: undefined, fromEmpty: false, to: path.join(ROOT, 'prisma/schema.prisma') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--from-empty') options.fromEmpty = true;
    else if ((arg === '--from' || arg === '--to') && argv[i + 1] !== undefined) options[arg.slice(2)] = argv[++i];
    else throw new Error(USAGE);
  }
  if (options.fromEmpty && options.from !== undefined) throw new Error(USAGE);
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const from = options.fromEmpty
    ? null
    : options.from === undefined
      ? execFileSync('git', ['show', 'HEAD:prisma/schema.prisma'], { cwd: ROOT, encoding: 'utf8' })
      : readFileSync(options.from, 'utf8');
  process.stdout.write(await diffSchemas(from, readFileSync(options.to, 'utf8')));
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof Error && error.message === USAGE ? 2 : 1);
  });
}
