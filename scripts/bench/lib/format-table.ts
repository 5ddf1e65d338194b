import type { BenchRow } from './measure';

const MB = 1024 * 1024;

/** 3 significant digits, thousands separated: 1,234,000 / 12,300 / 45.6 / 0.123. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))));
  const rounded = Number(value.toPrecision(3));
  return rounded.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

function ms(value: number | undefined): string {
  return value === undefined ? '—' : formatNumber(value);
}

/** The results as a Markdown table (one row per case), ready to paste into docs/benchmarks.md. */
export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['Benchmark', 'Case', 'Throughput', 'p50 ms', 'p95 ms', 'p99 ms', 'RSS start → peak MB', 'Ops'];
  const lines = rows.map((row) => [
    row.benchmark,
    row.case,
    `${formatNumber(row.rate)} ${row.unit}/s`,
    ms(row.latency?.p50),
    ms(row.latency?.p95),
    ms(row.latency?.p99),
    `${Math.round(row.rss.startBytes / MB)} → ${Math.round(row.rss.peakBytes / MB)}`,
    row.ops.toLocaleString('en-US'),
  ]);
  return renderTable(header, lines);
}

/** The rows that answer a target, as a Markdown table: figure, goal, met, and what the figure is made of. */
export function formatTargets(rows: readonly BenchRow[]): string {
  const header = ['Target', 'Measured', 'Goal', 'Met', 'Measured in the same run'];
  const lines = rows.flatMap((row) =>
    (row.targets ?? []).map((target) => [
      target.label,
      `${formatNumber(target.value)}${target.unit === '×' || target.unit === '%' ? '' : ' '}${target.unit}`,
      target.goal,
      Number.isFinite(target.value) ? (target.met ? 'yes' : '**no**') : 'not measured',
      target.basis,
    ]),
  );
  return lines.length === 0 ? '' : renderTable(header, lines);
}

function renderTable(header: readonly string[], lines: readonly (readonly string[])[]): string {
  const all = [header, ...lines];
  const widths = header.map((_, column) => Math.max(...all.map((cells) => (cells[column] ?? '').length)));
  const render = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [render(header), rule, ...lines.map(render)].join('\n');
}

/** Notes attached to rows (checks that failed, server memory), as a list under the table. */
export function formatNotes(rows: readonly BenchRow[]): string {
  return rows
    .filter((row) => row.note !== undefined)
    .map((row) => `- ${row.benchmark} / ${row.case}: ${row.note}`)
    .join('\n');
}
