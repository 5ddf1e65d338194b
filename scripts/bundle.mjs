// Bundles a Node entry point for the production images: the workspace packages (@mcptest/*, which export TypeScript
// source, and the generated Prisma client, which imports with .ts extensions) are compiled into the bundle; every npm
// package stays external and is loaded from node_modules (`npm ci --omit=dev`).
//
//   node scripts/bundle.mjs <entry.ts> <outfile.js>
//
// `esbuild --packages=external` is not enough: it would leave `import "@mcptest/db"` in the output, and Node 20 cannot
// load the .ts files behind it. The script also fails when the bundle imports a package that no workspace lists in
// `dependencies` (a root devDependency is absent from a production install).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error('usage: node scripts/bundle.mjs <entry.ts> <outfile.js>');
  process.exit(2);
}

const WORKSPACE_SCOPE = '@mcptest/';

const result = await build({
  entryPoints: [path.resolve(entry)],
  outfile: path.resolve(outfile),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  // Bundled CommonJS (if any) calls require(); ESM output has none unless we provide it.
  banner: {
    js: "import { createRequire as __mcptestCreateRequire } from 'node:module'; const require = __mcptestCreateRequire(import.meta.url);",
  },
  plugins: [
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
const size = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('.js'))?.[1].bytes ?? 0;
console.log(
  `bundle: ${path.relative(root, path.resolve(outfile))} (${(size / 1024).toFixed(0)} kB), external: ${[...external].sort().join(', ') || 'none'}`,
);
