// `npm run bench [-- --quick] [--json <file>] [names...]`: mcptest's speed and memory benchmarks (docs/benchmarks.md).
// Progress goes to stderr, the results tables (Markdown) to stdout. `npm test` runs the quick mode once
// (test/bench/bench-quick.test.ts) to prove every benchmark still produces its figures; it checks no timings.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { badge } from './badge';
import { callBudget } from './call-budget';
import { checker } from './checker';
import { classification } from './classification';
import { cliStart } from './cli-start';
import { executor } from './executor';
import { fairness } from './fairness';
import { lifecycle } from './lifecycle';
import { monitors } from './monitors';
import { formatNotes, formatTable, formatTargets } from './lib/format-table';
import type { Benchmark, BenchContext, BenchRow } from './lib/measure';
import { closeShared } from './lib/shared';
import { prodMemory } from './prod-memory';
import { runCost } from './run-cost';
import { runMemory } from './run-memory';
import { runnerOverhead } from './runner-overhead';
import { scale } from './scale';
import { schedules } from './schedules';
import { startLatency } from './start-latency';
import { suiteLoading } from './suite-loading';
import { throughput } from './throughput';

const BENCHMARKS: readonly Benchmark[] = [
  suiteLoading,
  checker,
  classification,
  callBudget,
  executor,
  runnerOverhead,
  startLatency,
  throughput,
  runMemory,
  fairness,
  badge,
  cliStart,
  monitors,
  scale,
  runCost,
  prodMemory,
  schedules,
  lifecycle,
];

/**
 * Measured time per case of the timed-loop benchmarks; the queue, worker and load benchmarks scale their sample
 * counts with the mode instead. Quick mode keeps the whole run under a minute; full mode is steadier.
 */
const QUICK_MS = 500;
const FULL_MS = 10_000;

const USAGE = `usage: npm run bench [-- [--quick] [--json <file>] [names...]]

  --quick        about ${QUICK_MS / 1000} s per timed case and few samples elsewhere (the whole run under a minute)
                 instead of ${FULL_MS / 1000} s per case and the full sample counts (about 5 minutes)
  --json <file>  also write the rows (figures, targets, notes) to <file> as JSON
  names          run only these benchmarks (default: all):
${BENCHMARKS.map((b) => `                   ${b.name.padEnd(16)}${b.description}`).join('\n')}
`;

interface Args {
  quick: boolean;
  json: string | undefined;
  selected: Benchmark[];
}

function parseArgs(argv: readonly string[]): Args | { error: string } {
  let quick = false;
  let json: string | undefined;
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') quick = true;
    else if (arg === '--json') {
      json = argv[++i];
      if (!json) return { error: '--json needs a file name' };
    } else if (arg === '--help' || arg === '-h') return { error: '' };
    else if (arg.startsWith('-')) return { error: `unknown option ${arg}` };
    else names.push(arg);
  }
  const unknown = names.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) return { error: `unknown benchmark ${unknown.join(', ')}` };
  const selected = names.length === 0 ? [...BENCHMARKS] : BENCHMARKS.filter((b) => names.includes(b.name));
  return { quick, json, selected };
}

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2));
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error ? `bench: ${parsed.error}\n\n` : ''}${USAGE}`);
    return parsed.error ? 2 : 0;
  }
  const context: BenchContext = {
    quick: parsed.quick,
    durationMs: parsed.quick ? QUICK_MS : FULL_MS,
    log: (line) => void process.stderr.write(`${line}\n`),
  };
  const cpus = os.cpus();
  const machine =
    `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `${os.type()} ${os.release()}, Node ${process.version}`;
  const startedAt = new Date();
  const started = performance.now();
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  const load = os.loadavg()[0] ?? 0;
  try {
    for (const benchmark of parsed.selected) {
      context.log(`bench: ${benchmark.name}…`);
      const t = performance.now();
      try {
        rows.push(...(await benchmark.run(context)));
        context.log(`bench: ${benchmark.name} done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        context.log(`bench: ${benchmark.name} FAILED: ${message}`);
        failed.push(benchmark.name);
      }
    }
  } finally {
    await closeShared(context.log);
  }
  const totalS = ((performance.now() - started) / 1000).toFixed(1);
  const notes = formatNotes(rows);
  const targets = formatTargets(rows);
  const header =
    `${parsed.quick ? 'Quick' : 'Full'} run, ${startedAt.toISOString()}, ${totalS} s; ${machine}; ` +
    `1-minute load average ${load.toFixed(2)} at the start, ${(os.loadavg()[0] ?? 0).toFixed(2)} at the end; ` +
    `peak RSS of the whole process ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`;
  process.stdout.write(
    `${header}\n\n` +
      (targets ? `${targets}\n\n` : '') +
      `${formatTable(rows)}\n${notes ? `\n${notes}\n` : ''}` +
      (failed.length > 0 ? `\nFailed: ${failed.join(', ')} (see stderr)\n` : ''),
  );
  if (parsed.json) {
    writeFileSync(parsed.json, `${JSON.stringify({ header, quick: parsed.quick, rows, failed }, null, 2)}\n`);
  }
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
