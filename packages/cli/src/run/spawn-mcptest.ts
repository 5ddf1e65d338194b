// Test helper: runs the real `mcptest` command (node_modules/.bin/mcptest) as a child process, as a user would.
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface McptestOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Spawns `node_modules/.bin/mcptest <args>` from the repo root and collects its output. Asynchronous so that several
 * runs (e.g. one per transport) can go on at once. `env` is added to the inherited environment; GITHUB_STEP_SUMMARY
 * is dropped unless given, so a test run inside GitHub Actions does not write to the real job summary.
 */
export function runMcptest(args: readonly string[], env: Record<string, string> = {}): Promise<McptestOutcome> {
  // eslint-disable-next-line no-restricted-properties -- a child inherits the environment; passing it on is not reading it
  const { GITHUB_STEP_SUMMARY: _ignored, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/mcptest'), [...args], {
      env: { ...inherited, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The JSON report of a run, or a failure message that shows what the command printed instead. */
export function jsonReport(outcome: McptestOutcome): {
  summary: Record<string, number>;
  results: Record<string, unknown>[];
  regressions: Record<string, unknown>[];
} {
  try {
    return JSON.parse(outcome.stdout) as ReturnType<typeof jsonReport>;
  } catch {
    throw new Error(`stdout is not JSON (exit ${outcome.code}):\n${outcome.stdout}\nstderr:\n${outcome.stderr}`);
  }
}
