// `npm run bench [-- --quick] [names...]`: mcptest's speed and memory benchmarks (docs/benchmarks.md). Progress goes
// to stderr, the results table (Markdown) to stdout. Not part of `npm test`: the numbers depend on the machine.
import os from 'node:os';
import { callBudget } from './call-budget';
import { checker } from './checker';
import { classification } from './classification';
import { executor } from './executor';
import { formatNotes, formatTable } from './lib/format-table';
import type { Benchmark, BenchContext, BenchRow } from './lib/measure';
import { suiteLoading } from './suite-loading';

const BENCHMARKS: readonly Benchmark[] = [suiteLoading, checker, classification, callBudget, executor];

/** Measured time per case: quick mode keeps the whole run under 20 s; full mode is steadier. */
const QUICK_MS = 800;
const FULL_MS = 10_000;

const USAGE = `usage: npm run bench [-- [--quick] [names...]]

  --quick   about ${QUICK_MS / 1000} s per case (the whole run well under 20 s) instead of ${FULL_MS / 1000} s
  names     run only these benchmarks (default: all):
${BENCHMARKS.map((b) => `              ${b.name.padEnd(16)}${b.description}`).join('\n')}
`;

function parseArgs(argv: readonly string[]): { quick: boolean; selected: Benchmark[] } | { error: string } {
  let quick = false;
  const names: string[] = [];
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else if (arg === '--help' || arg === '-h') return { error: '' };
    else if (arg.startsWith('-')) return { error: `unknown option ${arg}` };
    else names.push(arg);
  }
  const unknown = names.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) return { error: `unknown benchmark ${unknown.join(', ')}` };
  const selected = names.length === 0 ? [...BENCHMARKS] : BENCHMARKS.filter((b) => names.includes(b.name));
  return { quick, selected };
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
  const totalS = ((performance.now() - started) / 1000).toFixed(1);
  const notes = formatNotes(rows);
  process.stdout.write(
    `${parsed.quick ? 'Quick' : 'Full'} run, ${startedAt.toISOString()}, ${totalS} s; ${machine}; ` +
      `peak RSS of the whole process ${Math.round(process.resourceUsage().maxRSS / 1024)} MB\n\n` +
      `${formatTable(rows)}\n${notes ? `\n${notes}\n` : ''}` +
      (failed.length > 0 ? `\nFailed: ${failed.join(', ')} (see stderr)\n` : ''),
  );
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
