// A finished hosted run as core's RunReport, and the texts `mcptest ci` prints and writes from it.
import {
  aggregateTrialsByName,
  formatJunitReport,
  formatMarkdownReport,
  formatTerminalReport,
  summarize,
  type AssertionResult,
  type RunReport,
} from '@mcptest/core';
import type { ApiRun } from './api-schemas';
import { printable } from './call-api';

/** The report's name: the suite's name when it could be read, else its id. */
export function reportName(suiteId: string, suiteName?: string): string {
  return suiteName ?? `suite ${suiteId}`;
}

/**
 * The run as core's report, so the terminal, Markdown and JUnit reporters of `mcptest run` serve `ci` too. The API
 * lists one result per trial; they are folded per assertion name (pass@k / pass^k), as the server's own reports do.
 */
export function runToReport(run: ApiRun, name: string): RunReport {
  const results: AssertionResult[] = aggregateTrialsByName(
    run.results.map((r) => ({
      name: r.name,
      status: r.status,
      detail: r.detail,
      durationMs: r.durationMs,
      ...(r.tool !== undefined && { tool: r.tool }),
    })),
  );
  return {
    name,
    // The server's counts stand (results may be trimmed in a large run); they are recomputed only when absent.
    summary: run.summary.total === 0 && results.length > 0 ? summarize(results) : run.summary,
    results,
    regressions: run.regressions.map((r) => ({ name: r.name, before: r.before, after: r.after, detail: r.detail })),
    durationMs: run.durationMs ?? results.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

/** Whether `mcptest ci` exits 0 for this run: it passed, nothing failed and nothing regressed. */
export function runSucceeded(run: ApiRun): boolean {
  return run.status === 'passed' && run.summary.failed === 0 && run.regressions.length === 0;
}

function statusPhrase(run: ApiRun): string {
  switch (run.status) {
    case 'passed':
      return run.regressions.length > 0 ? 'passed, with regressions' : 'passed';
    case 'failed':
      return 'failed';
    case 'error':
      return 'ended with an error';
    case 'cancelled':
      return 'was cancelled';
    default:
      return `is still ${run.status}`;
  }
}

/** The line naming the run, its outcome and where to see it (no newline). */
export function runLine(run: ApiRun): string {
  const where = run.url ? `: ${printable(run.url, 2000)}` : '';
  return `Run ${printable(run.id, 200)} ${statusPhrase(run)}${where}`;
}

/** The human summary for stdout: core's terminal report, then the run's error and the run line. */
export function formatCiTerminal(run: ApiRun, name: string, options: { color: boolean }): string {
  const lines = [formatTerminalReport(runToReport(run, name), options).trimEnd(), ''];
  if (run.error) lines.push(`Error: ${printable(run.error, 2000)}`);
  lines.push(runLine(run));
  return `${lines.join('\n')}\n`;
}

const MARKDOWN_SPECIAL = /[\\`*_[\]<>|~&!#()]/g;

function md(text: string): string {
  return printable(text, 2000)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
}

/**
 * The Markdown summary (for `--markdown` and `$GITHUB_STEP_SUMMARY`): core's Markdown report, its heading replaced
 * when the run errored or was cancelled (the counts alone would read as a pass), and a last line with the run's link,
 * branch and commit.
 */
export function formatCiMarkdown(run: ApiRun, name: string): string {
  const report = runToReport(run, name);
  const lines = formatMarkdownReport(report).trimEnd().split('\n');
  if (run.status === 'error' || run.status === 'cancelled') {
    const what = run.status === 'error' ? 'the run ended with an error' : 'the run was cancelled';
    lines[0] = `## ${run.status === 'error' ? '❌' : '⚪'} mcptest: ${md(report.name)} — ${what}`;
    if (run.error) lines.splice(1, 0, '', `> ${md(run.error)}`);
  }
  const facts: string[] = [];
  // The id and URL come from the server; the URL goes into a link only when it is http(s).
  const link =
    run.url && /^https?:\/\//i.test(run.url) ? `[${md(run.id)}](<${run.url.replace(/[<>\s]/g, '')}>)` : md(run.id);
  facts.push(`Run ${link}`);
  if (run.branch) facts.push(`branch ${md(run.branch)}`);
  if (run.commitSha) facts.push(`commit ${md(run.commitSha.slice(0, 12))}`);
  lines.push('', facts.join(' · '));
  return `${lines.join('\n')}\n`;
}

/** JUnit XML rendered from the run JSON, when the server's own junit.xml cannot be fetched. */
export function formatCiJunit(run: ApiRun, name: string): string {
  return formatJunitReport(runToReport(run, name));
}
