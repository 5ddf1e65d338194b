import type { CoverageReport } from './compute-coverage';

/** Pads to a width counted in code points (tool names may hold any character). */
function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - Array.from(text).length));
}

/**
 * The coverage table as text (CLI): one row per tool in phase order, then the totals, the uncovered mutating and
 * destructive tools, the tools needing review and the unknown ones. No colour: the caller decides.
 */
export function formatCoverageText(report: CoverageReport): string {
  const { totals } = report;
  const lines: string[] = [
    `Server lists ${totals.tools} tool${totals.tools === 1 ? '' : 's'}, ${totals.covered} covered by an assertion (${totals.percentage}%)`,
    '',
  ];
  if (report.tools.length > 0) {
    const header = ['Phase', 'Tool', 'Class', 'Assertions', 'Notes'];
    const rows = report.tools.map((t) => [
      t.phase,
      t.name,
      `${t.class} (${t.classSource})`,
      t.covered ? String(t.assertions) : t.setupUses > 0 ? `0 (setup ${t.setupUses})` : '0',
      [t.covered ? '' : 'not covered', t.needsReview ? `needs review: ${t.reviewReason ?? ''}` : '']
        .filter((note) => note !== '')
        .join('; '),
    ]);
    const widths = header.map((h, i) => Math.max(Array.from(h).length, ...rows.map((r) => Array.from(r[i]!).length)));
    const line = (cells: string[]) =>
      cells
        .map((cell, i) => pad(cell, widths[i]!))
        .join('  ')
        .trimEnd();
    lines.push(line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), '');
  }
  if (report.uncoveredRisky.length > 0) {
    lines.push(
      `Not covered, mutating or destructive (${report.uncoveredRisky.length}): ${report.uncoveredRisky.join(', ')}`,
    );
  }
  const review = report.tools.filter((t) => t.needsReview).map((t) => t.name);
  if (review.length > 0) lines.push(`Needs review (${review.length}): ${review.join(', ')}`);
  if (report.unknownTools.length > 0) {
    lines.push(
      `Called but not listed by the server (${report.unknownTools.length}): ${report.unknownTools.join(', ')}`,
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
