// Bundles a Node entry point with esbuild. Two modes:
//
//   node scripts/bundle.mjs <entry.ts> <outfile.js>
//       For the production images: the workspace packages (@mcptest/*, which export TypeScript source, and the
//       generated Prisma client, which imports with .ts extensions) are compiled into the bundle; every npm package
//       stays external and is loaded from node_modules (`npm ci --omit=dev`).
//
//   node scripts/bundle.mjs --standalone <entry.ts> <outdir>/<name>.js
//       For the published CLI (@mcptest/cli): everything but Node's built-in modules is bundled, so the package has no
//       dependencies at all and installs from its tarball with no registry. Dynamic imports become chunks of their
//       own beside the entry (each `mcptest` command is one), so a command loads only what it needs and `--version`
//       loads nothing but the entry. The output folder is emptied first (old chunks would be packed too), the entry
//       starts with a `#!/usr/bin/env node` line, and the licences of the bundled packages are written to
//       THIRD-PARTY-LICENSES.txt beside it.
//
// `esbuild --packages=external` is not enough for the first mode: it would leave `import "@mcptest/db"` in the output,
// and Node 20 cannot load the .ts files behind it. The script also fails when the bundle imports a package that no
// workspace lists in `dependencies` (a root devDependency is absent from a production install), and, in standalone
// mode, when anything but a built-in module stays external.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const standalone = args[0] === '--standalone';
const [entry, outfile] = standalone ? args.slice(1) : args;
if (!entry || !outfile) {
  console.error('usage: node scripts/bundle.mjs [--standalone] <entry.ts> <outfile.js>');
  process.exit(2);
}

const WORKSPACE_SCOPE = '@mcptest/';
// Bundled CommonJS (if any) calls require(); ESM output has none unless we provide it.
const REQUIRE_SHIM =
  "import { createRequire as __mcptestCreateRequire } from 'node:module'; const require = __mcptestCreateRequire(import.meta.url);";

const outdir = path.dirname(path.resolve(outfile));
if (standalone) {
  // The folder is deleted first, so it must be a build folder, never a source folder given by mistake.
  if (path.basename(outdir) !== 'dist') {
    console.error(`bundle: --standalone writes into a folder named dist (it empties it first), not ${outdir}`);
    process.exit(2);
  }
  rmSync(outdir, { recursive: true, force: true });
}

const result = await build({
  ...(standalone
    ? {
        entryPoints: [{ in: path.resolve(entry), out: path.basename(outfile, '.js') }],
        outdir,
        splitting: true,
        chunkNames: '[name]-[hash]',
        // No source maps: they would triple the download; stack traces still name the bundled files' functions.
        sourcemap: false,
        legalComments: 'none',
        // Whitespace and syntax only: a third less to parse at start, and stack traces keep their names.
        minifyWhitespace: true,
        minifySyntax: true,
      }
    : { entryPoints: [path.resolve(entry)], outfile: path.resolve(outfile), sourcemap: 'linked' }),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  metafile: true,
  logLevel: 'warning',
  banner: { js: REQUIRE_SHIM },
  plugins: standalone
    ? [
        {
          // packages/core is pure by house rule (docs/ARCHITECTURE.md): importing one of its files does nothing but
          // define things. Saying so lets esbuild leave out what a command does not use behind core's index (the
          // badge renderer, ajv, the cron parser...): `mcptest ci` then loads a third of what it would.
          name: 'core-has-no-side-effects',
          setup(b) {
            const core = path.join(root, 'packages/core/src') + path.sep;
            b.onResolve({ filter: /.*/ }, async (args) => {
              if (args.pluginData?.resolving) return undefined;
              const resolved = await b.resolve(args.path, {
                kind: args.kind,
                importer: args.importer,
                resolveDir: args.resolveDir,
                pluginData: { resolving: true },
              });
              return resolved.path.startsWith(core) ? { ...resolved, sideEffects: false } : resolved;
            });
          },
        },
      ]
    : [
        {
          name: 'externalize-npm-packages',
          setup(b) {
            // Bare specifiers (not ./, ../ or /): npm packages stay external, workspace packages are bundled.
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
});

/** `@scope/name/sub/path` -> `@scope/name`, `name/sub` -> `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const builtins = new Set(builtinModules);
const external = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imported of output.imports) {
    if (!imported.external) continue;
    const spec = imported.path;
    if (spec.startsWith('node:') || builtins.has(spec) || builtins.has(spec.split('/')[0])) continue;
    external.add(packageName(spec));
  }
}

const entryOutput = standalone ? path.join(outdir, `${path.basename(outfile)}`) : path.resolve(outfile);
const size = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);

if (standalone) {
  if (external.size > 0) {
    console.error(
      `bundle: ${outfile} still imports ${[...external].sort().join(', ')}; a standalone bundle may import only Node's built-in modules.`,
    );
    process.exit(1);
  }
  writeFileSync(entryOutput, `#!/usr/bin/env node\n${readFileSync(entryOutput, 'utf8')}`);
  writeFileSync(path.join(outdir, 'THIRD-PARTY-LICENSES.txt'), thirdPartyLicenses(result.metafile));
  const chunks = readdirSync(outdir).filter((file) => file.endsWith('.js')).length;
  console.log(
    `bundle: ${path.relative(root, entryOutput)} + ${chunks - 1} chunks (${(size / 1024).toFixed(0)} kB in all), standalone`,
  );
  process.exit(0);
}

// Runtime dependencies any workspace (or the root) declares: what `npm ci --omit=dev` installs.
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const declared = new Set(Object.keys(rootManifest.dependencies ?? {}));
for (const workspace of rootManifest.workspaces ?? []) {
  const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) declared.add(name);
}
const undeclared = [...external].filter((name) => !declared.has(name)).sort();
if (undeclared.length > 0) {
  console.error(
    `bundle: ${outfile} imports ${undeclared.join(', ')} at run time, but no workspace lists ` +
      `${undeclared.length === 1 ? 'it' : 'them'} in "dependencies"; a production install (npm ci --omit=dev) would lack ` +
      `${undeclared.length === 1 ? 'it' : 'them'}.`,
  );
  process.exit(1);
}
console.log(
  `bundle: ${path.relative(root, entryOutput)} (${(size / 1024).toFixed(0)} kB), external: ${[...external].sort().join(', ') || 'none'}`,
);

/**
 * The name, version, licence and licence text of every npm package whose code is in the bundle (the MIT, ISC and
 * Apache licences all ask for their notice to travel with copies of the code).
 */
function thirdPartyLicenses(metafile) {
  const packageDirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packageDirs.add(path.resolve(match[1])); // metafile paths are relative to the working directory
  }
  // Vendored files of our own packages (the MCP specification's schemas) carry their licence in their folder.
  const vendoredDirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    if (input.includes('node_modules/') || !input.endsWith('.json')) continue;
    const dir = path.dirname(path.resolve(input));
    if (readdirSync(dir).includes('LICENSE')) vendoredDirs.add(dir);
  }
  const vendored = [...vendoredDirs].map((dir) => ({
    id: `vendored files in ${path.relative(root, dir)} (see its README.md)`,
    licence: 'LICENSE',
    text: readFileSync(path.join(dir, 'LICENSE'), 'utf8').trim(),
  }));
  const sections = [...packageDirs]
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const licenceFile = readdirSync(dir).find((file) => /^(licen[cs]e|copying)(\.|$)/i.test(file));
      const text = licenceFile
        ? readFileSync(path.join(dir, licenceFile), 'utf8').trim()
        : '(no licence file in the package)';
      return { id: `${manifest.name}@${manifest.version}`, licence: manifest.license ?? 'unknown', text };
    })
    .sort((a, b) => a.id.localeCompare(b.id))
    .filter((section, i, all) => i === 0 || all[i - 1].id !== section.id)
    .concat(vendored);
  return (
    'The mcptest CLI bundles the following npm packages and vendored files.\n\n' +
    sections.map((s) => `${'='.repeat(78)}\n${s.id} (${s.licence})\n${'='.repeat(78)}\n\n${s.text}\n`).join('\n')
  );
}
