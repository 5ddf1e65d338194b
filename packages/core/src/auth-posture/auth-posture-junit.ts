import { escapeXmlAttribute as attr, escapeXmlText as text } from '../report/xml-escape';
import type { AuthPostureSummary } from './auth-posture-types';

/**
 * A posture summary as JUnit XML: one testcase per finding (classname its severity). FAIL is a <failure> with its
 * spec references, SKIPPED a <skipped>, WARN passes with the message in <system-out>.
 */
export function formatAuthPostureJunit(summary: AuthPostureSummary, url: string): string {
  const cases = summary.results.map((result) => {
    const open = `    <testcase classname="auth_posture.${attr(result.severity)}" name="${attr(result.id)}">`;
    const why = result.message ?? '';
    switch (result.status) {
      case 'FAIL': {
        const refs = result.specRefs.map((ref) => `${ref.label}: ${ref.url}`).join('\n');
        return `${open}\n      <failure message="${attr(why)}">${text(`${why}\n${result.rationale}\n${refs}`)}</failure>\n    </testcase>`;
      }
      case 'SKIPPED':
        return `${open}\n      <skipped message="${attr(why)}"/>\n    </testcase>`;
      case 'WARN':
        return `${open}\n      <system-out>${text(`WARNING: ${why}`)}</system-out>\n    </testcase>`;
      case 'PASS':
        return `${open}</testcase>`;
    }
  });
  const { FAIL: failures, SKIPPED: skipped } = summary.counts;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcptest auth-posture" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    `  <testsuite name="${attr(`auth posture: ${url}`)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
