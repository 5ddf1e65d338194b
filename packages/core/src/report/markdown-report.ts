import { assertNever, type AssertionResult, type AssertionStatus, type RunReport } from '../result/run-result';
import { firstLine, formatDuration, formatRate, plural } from './format-text';

/** A failure detail longer than this (lines or characters) is collapsed under its first line. */
const COLLAPSE_LINES = 15;
const COLLAPSE_CHARS = 1500;
/** GitHub caps a step summary at 1 MiB; one runaway detail must not use it all up. */
const MAX_DETAIL_CHARS = 20_000;

/**
 * A GitHub-flavoured Markdown summary of a run (for `$GITHUB_STEP_SUMMARY` or a PR comment), ending with a newline:
 * a heading with ✅ / ❌ (⚪ when nothing ran), a counts table, each failure with its detail in a code block
 * (collapsed in `<details>` when long), regressions, skip reasons, a pass@k / pass^k table when trials ran, and
 * every result in a collapsed table at the end.
 *
 * Names and reasons are escaped so that `|`, backticks, `<`, `*` and the like print as themselves and cannot break
 * a table or inject HTML; details sit in a code fence longer than any run of backticks inside them.
 */
export function formatMarkdownReport(report: RunReport): string {
  const { total, passed, failed, skipped } = report.summary;
  const out: string[] = [heading(report), ''];

  out.push('| Total | Passed | Failed | Skipped | Duration |', '| ---: | ---: | ---: | ---: | ---: |');
  out.push(`| ${total} | ${passed} | ${failed} | ${skipped} | ${formatDuration(report.durationMs)} |`, '');

  const failures = report.results.filter((r) => r.status === 'FAIL');
  if (failures.length > 0) {
    out.push('### Failures', '');
    for (const r of failures) out.push(`**${inline(r.name)}** (${resultFacts(r)})`, '', ...detailBlock(r.detail), '');
  }

  if (report.regressions.length > 0) {
    out.push('### Regressions', '', '| Assertion | Before | After |', '| --- | --- | --- |');
    for (const r of report.regressions) out.push(`| ${inline(r.name)} | ${r.before} | ${r.after} |`);
    out.push('');
  }

  const skips = report.results.filter((r) => r.status === 'SKIP');
  if (skips.length > 0) {
    out.push('### Skipped', '');
    for (const r of skips) out.push(`- ${inline(r.name)}${r.detail === '' ? '' : `: ${inline(r.detail)}`}`);
    out.push('');
  }

  const withTrials = report.results.filter((r) => r.trials !== undefined);
  if (withTrials.length > 0) {
    out.push(
      '### Reliability',
      '',
      '| Assertion | Trials | Passed | pass@k | pass^k |',
      '| --- | ---: | ---: | ---: | ---: |',
    );
    let capable = 0;
    let reliable = 0;
    for (const r of withTrials) {
      const t = r.trials;
      if (!t) continue;
      if (t.passed > 0) capable++;
      if (t.passed === t.k) reliable++;
      out.push(`| ${inline(r.name)} | ${t.k} | ${t.passed} | ${formatRate(t.passAtK)} | ${formatRate(t.passHatK)} |`);
    }
    out.push(
      '',
      `**pass@k: ${capable}/${withTrials.length} capable, pass^k: ${reliable}/${withTrials.length} reliable**`,
      '',
    );
  }

  if (report.results.length > 0) {
    out.push(`<details><summary>All ${plural(total, 'result')}</summary>`, '');
    out.push('| | Assertion | Duration |', '| --- | --- | ---: |');
    for (const r of report.results) out.push(`| ${statusEmoji(r.status)} | ${inline(r.name)} | ${resultFacts(r)} |`);
    out.push('', '</details>', '');
  }

  return `${out.join('\n').trimEnd()}\n`;
}

function heading(report: RunReport): string {
  const { total, passed, failed, skipped } = report.summary;
  const name = `mcptest: ${inline(report.name)} —`;
  const problems: string[] = [];
  if (failed > 0) problems.push(`${failed} of ${total} failed`);
  if (report.regressions.length > 0) problems.push(plural(report.regressions.length, 'regression'));
  if (problems.length > 0) return `## ❌ ${name} ${problems.join(', ')}`;
  if (total === 0) return `## ⚪ ${name} no assertions ran`;
  if (passed === 0) return `## ⚪ ${name} all ${total} skipped`;
  return `## ✅ ${name} ${passed} of ${total} passed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

function resultFacts(r: AssertionResult): string {
  const duration = formatDuration(r.durationMs);
  return r.trials ? `${duration}, ${r.trials.passed}/${r.trials.k} trials passed` : duration;
}

function statusEmoji(status: AssertionStatus): string {
  switch (status) {
    case 'PASS':
      return '✅';
    case 'FAIL':
      return '❌';
    case 'SKIP':
      return '⏭️';
    default:
      return assertNever(status);
  }
}

/** A failure detail as a fenced block, collapsed under its first line when long. */
function detailBlock(detail: string): string[] {
  if (detail === '') return [];
  const body =
    detail.length > MAX_DETAIL_CHARS
      ? `${detail.slice(0, MAX_DETAIL_CHARS)}\n… (${detail.length - MAX_DETAIL_CHARS} more characters)`
      : detail;
  const longestTicks = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestTicks + 1));
  const block = [`${fence}text`, ...body.split(/\r?\n/), fence];
  if (body.split('\n').length <= COLLAPSE_LINES && body.length <= COLLAPSE_CHARS) return block;
  const summary = firstLine(body);
  const shown = summary.length > 120 ? `${summary.slice(0, 119)}…` : summary;
  // The blank lines let GitHub render the Markdown inside the HTML block.
  return [`<details><summary>${escapeHtml(shown)}</summary>`, '', ...block, '', '</details>'];
}

// ASCII punctuation that means something inline in GFM (emphasis, code, links, HTML, entities, tables); CommonMark
// lets a backslash escape any of them.
const MARKDOWN_SPECIAL = /[\\`*_[\]<>|~&!#]/g;

/** Text for one line of Markdown: special characters escaped, line breaks (which end a table row) as spaces. */
function inline(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
