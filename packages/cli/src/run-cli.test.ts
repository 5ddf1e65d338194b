import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

describe('mcptest CLI skeleton', () => {
  it.each([
    [['--help'], 0, 'usage: mcptest'],
    [[], 2, 'usage: mcptest'],
    [['frobnicate'], 2, 'unknown command "frobnicate"'],
  ])('%j exits %i', async (argv, code, text) => {
    const result = await runCli(argv);
    expect(result.exitCode).toBe(code);
    expect(result.stdout + result.stderr).toContain(text);
  });

  it('runs as `npx mcptest` from the repo root through the workspace bin', () => {
    const result = spawnSync(path.resolve('node_modules/.bin/mcptest'), ['--version'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(result.status).toBe(0);
  });
});
