import { escapeXmlAttribute as attr, escapeXmlText as text } from '../report/xml-escape';
import type { ConformanceSummary } from './conformance-types';

/**
 * A conformance summary as JUnit XML: one testsuite per revision, one testcase per check (classname its scenario). FAIL
 * is a <failure>, SKIPPED a <skipped>, XFAIL a <skipped> saying it is an expected failure; WARN passes with the message
 * in <system-out>. Stale expected_failures entries are failures of their own, as they fail the official harness.
 */
export function formatConformanceJunit(summary: ConformanceSummary, url: string): string {
  const cases = summary.results.map((result) => {
    const open = `    <testcase classname="${attr(result.scenario)}" name="${attr(result.id)}">`;
    const why = result.message ?? '';
    switch (result.status) {
      case 'FAIL':
        return `${open}\n      <failure message="${attr(why)}">${text(`${why}\n${result.specUrl}`)}</failure>\n    </testcase>`;
      case 'SKIPPED':
        return `${open}\n      <skipped message="${attr(why)}"/>\n    </testcase>`;
      case 'XFAIL':
        return `${open}\n      <skipped message="${attr(`expected failure: ${why}`)}"/>\n    </testcase>`;
      case 'WARN':
        return `${open}\n      <system-out>${text(`WARNING: ${why}`)}</system-out>\n    </testcase>`;
      case 'PASS':
        return `${open}</testcase>`;
    }
  });
  for (const entry of summary.staleExpectedFailures) {
    cases.push(
      `    <testcase classname="expected_failures" name="${attr(entry)}">\n      <failure message="${attr(`stale expected_failures entry: ${entry} did not fail`)}"/>\n    </testcase>`,
    );
  }
  const failures = summary.counts.FAIL + summary.staleExpectedFailures.length;
  const skipped = summary.counts.SKIPPED + summary.counts.XFAIL;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcptest conformance" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    `  <testsuite name="${attr(`MCP ${summary.revision} conformance: ${url}`)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
