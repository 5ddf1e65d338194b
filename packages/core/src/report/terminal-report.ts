import {
  assertNever,
  type AssertionResult,
  type AssertionStatus,
  type RunReport,
  type SuiteConformanceReport,
} from '../result/run-result';
import { formatWireFinding } from '../wire/wire-finding';
import { formatDuration, plural, visibleEscape } from './format-text';

export interface TerminalReportOptions {
  /** ANSI colour and ✓ ✗ ○ symbols; decide it with `shouldUseColor`. */
  color: boolean;
}

export interface ProgressLineOptions extends TerminalReportOptions {
  /** 1-based position of this result, shown as `[index/total]` when both are given. */
  index?: number;
  total?: number;
}

const ANSI = {
  reset: '\x1b[0m',
  bold: '\x1b[1m',
  red: '\x1b[31m',
  green: '\x1b[32m',
  yellow: '\x1b[33m',
  gray: '\x1b[90m',
};
type Style = Exclude<keyof typeof ANSI, 'reset'>;

/**
 * The human report of a run, ending with a newline: one line per assertion (status, name, duration, trials), the
 * detail of failures and the reason of skips indented beneath, then the result's wire-schema findings (unless a strict
 * failure's detail already lists them), a summary line with the non-zero counts and the findings' count, the
 * pass@k / pass^k tally when trials ran, and the regressions against the baseline.
 *
 * With colour the status is a coloured ✓ ✗ ○; without it, the words PASS FAIL SKIP as in mcp-assert, which stay
 * readable on dumb terminals and can be grepped in CI logs. Control characters in names and details (a server can
 * put escape sequences in its output) are shown as `\u001b` rather than sent to the terminal.
 */
export function formatTerminalReport(report: RunReport, options: TerminalReportOptions): string {
  const paint = painter(options.color);
  const lines: string[] = [];

  for (const result of report.results) {
    lines.push(resultLine(result, options.color));
    // A conformance WARN or XFAIL counts as a pass, so its detail (which says which) is shown, in yellow.
    const flagged = result.conformance?.status === 'WARN' || result.conformance?.status === 'XFAIL';
    if ((result.status !== 'PASS' || flagged) && result.detail !== '') {
      // Two columns right of the name: the label is one symbol with colour, a four-letter word without.
      const indent = ' '.repeat((options.color ? 1 : 4) + 3);
      const style: Style = result.status === 'FAIL' ? 'red' : flagged ? 'yellow' : 'gray';
      for (const line of result.detail.split(/\r?\n/)) lines.push(indent + paint(style, sanitize(line)));
    }
    const findings = (result.wireFindings ?? []).map(formatWireFinding);
    if (findings.length > 0 && !result.detail.includes(findings[0]!)) {
      const indent = ' '.repeat((options.color ? 1 : 4) + 3);
      for (const finding of findings) lines.push(indent + paint('yellow', sanitize(`wire: ${finding}`)));
    }
  }
  if (report.results.length > 0) lines.push('');

  const { total, passed, failed, skipped } = report.summary;
  const counts = [plural(total, 'assertion')];
  if (passed > 0) counts.push(paint('green', `${passed} passed`));
  if (failed > 0) counts.push(paint('red', `${failed} failed`));
  if (skipped > 0) counts.push(paint('yellow', `${skipped} skipped`));
  const wire = report.results.reduce((n, r) => n + (r.wireFindings?.length ?? 0), 0);
  if (wire > 0) counts.push(paint('yellow', plural(wire, 'wire schema finding')));
  // The negotiated MCP revision says which era the results are about (a server may speak both).
  const protocol = report.protocolVersion === undefined ? '' : `, MCP ${sanitize(report.protocolVersion)}`;
  lines.push(`${counts.join(', ')} ${paint('gray', `(${formatDuration(report.durationMs)}${protocol})`)}`);
  for (const conformance of report.conformance ?? []) lines.push(conformanceLine(conformance, paint));

  const withTrials = report.results.flatMap((r) => (r.trials ? [r.trials] : []));
  if (withTrials.length > 0) {
    const capable = withTrials.filter((t) => t.passed > 0).length;
    const reliable = withTrials.filter((t) => t.passed === t.k).length;
    lines.push(`pass@k: ${capable}/${withTrials.length} capable, pass^k: ${reliable}/${withTrials.length} reliable`);
  }

  if (report.regressions.length > 0) {
    lines.push('', paint('red', paint('bold', `Regressions (${report.regressions.length}):`)));
    for (const r of report.regressions) lines.push(`  ${sanitize(r.name)}: was ${r.before}, now ${r.after}`);
  }

  return `${lines.join('\n')}\n`;
}

/** `conformance MCP 2026-07-28: 9 passed, 1 warning, 1 expected failure, 2 skipped: ok` for a suite's block. */
function conformanceLine(report: SuiteConformanceReport, paint: Painter): string {
  const { PASS, FAIL, WARN, SKIPPED, XFAIL } = report.counts;
  const parts = [paint('green', `${PASS} passed`)];
  if (FAIL > 0) parts.push(paint('red', `${FAIL} failed`));
  if (WARN > 0) parts.push(paint('yellow', plural(WARN, 'warning')));
  if (XFAIL > 0) parts.push(paint('yellow', plural(XFAIL, 'expected failure')));
  if (SKIPPED > 0) parts.push(paint('yellow', `${SKIPPED} skipped`));
  const stale = report.staleExpectedFailures.length;
  if (stale > 0) parts.push(paint('red', plural(stale, 'stale expected failure')));
  const verdict = report.ok ? paint('green', 'ok') : paint('red', 'not ok');
  return `conformance MCP ${sanitize(report.revision)} (${sanitize(report.file)}): ${parts.join(', ')}: ${verdict}`;
}

/**
 * One line for live progress (written to stderr while a run goes on; no newline at the end): the same line the
 * report shows for the result, after `[index/total]` when given.
 */
export function formatProgressLine(result: AssertionResult, options: ProgressLineOptions): string {
  const { index, total } = options;
  const counter =
    index !== undefined && total !== undefined ? `${painter(options.color)('gray', `[${index}/${total}]`)} ` : '';
  return counter + resultLine(result, options.color);
}

function resultLine(result: AssertionResult, color: boolean): string {
  const paint = painter(color);
  const parts = [
    statusLabel(result.status, paint, color),
    sanitize(result.name),
    paint('gray', `(${formatDuration(result.durationMs)})`),
  ];
  if (result.trials) parts.push(paint('gray', `[${result.trials.passed}/${result.trials.k} trials passed]`));
  return parts.join(' ');
}

function statusLabel(status: AssertionStatus, paint: Painter, color: boolean): string {
  switch (status) {
    case 'PASS':
      return color ? paint('green', '✓') : 'PASS';
    case 'FAIL':
      return color ? paint('red', '✗') : 'FAIL';
    case 'SKIP':
      return color ? paint('yellow', '○') : 'SKIP';
    default:
      return assertNever(status);
  }
}

type Painter = (style: Style, text: string) => string;

function painter(color: boolean): Painter {
  return color ? (style, text) => `${ANSI[style]}${text}${ANSI.reset}` : (_style, text) => text;
}

// C0 controls except tab, DEL and C1 controls: enough to stop colour changes, cursor moves, title and hyperlink
// sequences (they all start with ESC or CSI / OSC) and carriage returns that would overwrite the line.
// eslint-disable-next-line no-control-regex
const TERMINAL_UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

function sanitize(text: string): string {
  return text.replace(TERMINAL_UNSAFE, visibleEscape);
}
