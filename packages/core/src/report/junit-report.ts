import type { AssertionResult, RunReport } from '../result/run-result';
import { firstLine, formatRate } from './format-text';
import { escapeXmlAttribute as attr, escapeXmlText as text } from './xml-escape';

/**
 * JUnit XML for CI test tabs (Jenkins' junit plugin, GitLab's unit test reports, GitHub actions such as
 * dorny/test-reporter and mikepenz/action-junit-report), in the common subset they all read:
 *
 * - `<testsuites name tests failures errors skipped time>` around one `<testsuite>` per source file, in order of
 *   first appearance; results without a file go to one suite named after the run. `errors` is always 0: a broken
 *   connection or a crash is an assertion FAIL in mcptest, as in mcp-assert.
 * - `<testcase name classname time file?>`: classname is the source file (or the run name) so the tree groups by
 *   file; `file` is what GitLab and the GitHub actions use to link and annotate.
 * - FAIL: `<failure message="first line of the detail">full detail</failure>`; SKIP: `<skipped message="reason"/>`.
 * - Times in seconds with millisecond precision; the root's time is the run's wall time, a suite's the sum of its
 *   cases.
 * - When more than one trial ran (`--trials N`), the suite gets `<properties>` with `trials` (the most trials any
 *   of its assertions ran), `pass_at_k` ("capable/total": passed at least once) and `pass_up_k` ("reliable/total":
 *   passed every time), the names mcp-assert uses; each such case gets its own numbers in `<system-out>`, since
 *   properties inside a testcase are not in the JUnit schema that Jenkins and pytest's xunit2 follow.
 *
 * - A conformance check (`conformance <id>`) gets `<system-out>` with its own verdict (WARN, XFAIL), revision, scenario
 *   and spec link.
 *
 * Text is escaped for XML 1.0, including characters it forbids outright (see xml-escape.ts).
 */
export function formatJunitReport(report: RunReport): string {
  const groups = new Map<string, AssertionResult[]>();
  for (const result of report.results) {
    const key = result.file ?? report.name;
    const group = groups.get(key);
    if (group) group.push(result);
    else groups.set(key, [result]);
  }

  const { total, failed, skipped } = report.summary;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${attr(report.name)}" tests="${total}" failures="${failed}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}">`,
  ];
  for (const [name, results] of groups) lines.push(...testsuite(name, results));
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function testsuite(name: string, results: readonly AssertionResult[]): string[] {
  const failures = results.filter((r) => r.status === 'FAIL').length;
  const skipped = results.filter((r) => r.status === 'SKIP').length;
  const time = results.reduce((sum, r) => sum + r.durationMs, 0);
  const lines = [
    `  <testsuite name="${attr(name)}" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}">`,
  ];

  const withTrials = results.flatMap((r) => (r.trials && r.trials.k > 1 ? [r.trials] : []));
  if (withTrials.length > 0) {
    const capable = withTrials.filter((t) => t.passed > 0).length;
    const reliable = withTrials.filter((t) => t.passed === t.k).length;
    lines.push(
      '    <properties>',
      `      <property name="trials" value="${Math.max(...withTrials.map((t) => t.k))}"/>`,
      `      <property name="pass_at_k" value="${capable}/${withTrials.length}"/>`,
      `      <property name="pass_up_k" value="${reliable}/${withTrials.length}"/>`,
      '    </properties>',
    );
  }

  for (const r of results) {
    const open = `    <testcase name="${attr(r.name)}" classname="${attr(name)}" time="${seconds(r.durationMs)}"${r.file === undefined ? '' : ` file="${attr(r.file)}"`}`;
    const children: string[] = [];
    if (r.status === 'FAIL') {
      children.push(`      <failure message="${attr(firstLine(r.detail))}">${text(r.detail)}</failure>`);
    } else if (r.status === 'SKIP') {
      children.push(`      <skipped message="${attr(r.detail)}"/>`);
    }
    if (r.conformance) {
      // The check's own verdict (WARN and XFAIL are passes here) and where the spec says it.
      const c = r.conformance;
      const said = r.status === 'PASS' && r.detail !== '' ? `; ${r.detail}` : '';
      children.push(
        `      <system-out>${text(`conformance ${c.status} (MCP ${c.revision}, ${c.scenario}): ${c.specUrl}${said}`)}</system-out>`,
      );
    }
    if (r.trials && r.trials.k > 1) {
      const t = r.trials;
      children.push(
        `      <system-out>${text(`trials: ${t.passed}/${t.k} passed; pass@k ${formatRate(t.passAtK)}; pass^k ${formatRate(t.passHatK)}`)}</system-out>`,
      );
    }
    if (children.length === 0) lines.push(`${open}/>`);
    else lines.push(`${open}>`, ...children, '    </testcase>');
  }
  lines.push('  </testsuite>');
  return lines;
}

function seconds(ms: number): string {
  return (Math.max(0, Number.isFinite(ms) ? ms : 0) / 1000).toFixed(3);
}
