import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { atMost, percentiles, rate, trackRss, type Benchmark, type BenchRow } from './lib/measure';

/** Issue 15: `mcptest --version` from the published bundle starts in at most 300 ms. */
const TARGET_MS = 300;

/** Wall time of `node <args>` in ms, `runs` times after one unmeasured run; throws when a run fails. */
function timeNode(args: readonly string[], runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const elapsed = performance.now() - started;
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    if (i > 0) times.push(elapsed);
  }
  return times;
}

/**
 * The start of the `mcptest` command, as a user's `npx mcptest --version` pays it: the standalone bundle that
 * `@mcptest/cli` publishes (built here into a temporary folder, so that a pack running beside it is not disturbed),
 * next to bare `node -e 0` and the workspace bin (TypeScript through tsx) for scale.
 */
export const cliStart: Benchmark = {
  name: 'cli-start',
  description: '`mcptest --version` from the published bundle, the workspace bin (tsx) and bare node, one process each',
  async run(context) {
    const runs = context.quick ? 5 : 30;
    const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-bench-cli-'));
    try {
      const entry = path.join(dir, 'dist', 'mcptest.js');
      const build = spawnSync(
        process.execPath,
        ['scripts/bundle.mjs', '--standalone', 'packages/cli/src/main.ts', entry],
        { encoding: 'utf8' },
      );
      if (build.status !== 0) throw new Error(`bundling the CLI failed: ${build.stderr}`);
      // The bundle reads its version from the package.json beside dist/, as in the installed package.
      copyFileSync('packages/cli/package.json', path.join(dir, 'package.json'));

      const cases: { name: string; args: string[] }[] = [
        { name: 'bundle: mcptest --version', args: [entry, '--version'] },
        { name: 'workspace bin (tsx): mcptest --version', args: ['packages/cli/bin/mcptest.js', '--version'] },
        { name: 'bare node -e 0', args: ['-e', '0'] },
      ];
      const rows: BenchRow[] = [];
      for (const c of cases) {
        context.log(`cli-start: ${c.name}, ${runs} runs`);
        const rss = trackRss();
        const times = timeNode(c.args, runs);
        const total = times.reduce((sum, t) => sum + t, 0);
        const p = percentiles([...times]);
        rows.push({
          benchmark: 'cli-start',
          case: c.name,
          rate: rate(times.length, total),
          unit: 'starts',
          ops: times.length,
          latency: p,
          rss: rss.stop(),
          note: `wall time of a child process, ${times.length} runs after one unmeasured`,
          ...(c === cases[0] && {
            targets: [
              atMost(
                '(h) CLI start, mcptest --version, median',
                p.p50,
                'ms',
                TARGET_MS,
                `p50 of ${times.length} runs, p95 ${p.p95.toFixed(0)} ms`,
              ),
            ],
          }),
        });
      }
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
