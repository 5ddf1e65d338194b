#!/usr/bin/env node
// Entry of the `mcptest` command. In a checkout it runs the TypeScript source through tsx (no build step, the root's
// devDependency); the published package (@mcptest/cli) has no src/ and runs the standalone bundle, dist/mcptest.js.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../src/main.ts', import.meta.url));
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source);
} else {
  await import(new URL('../dist/mcptest.js', import.meta.url).href);
}
