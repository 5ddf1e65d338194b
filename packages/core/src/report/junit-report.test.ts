import { describe, expect, it } from 'vitest';
import { formatJunitReport } from './junit-report';
import { emptyReport, mixedReport, passingReport, trialsReport } from './test-fixtures';

describe('formatJunitReport', () => {
  it('groups by file, escapes, and reports failures and skips', () => {
    expect(formatJunitReport(mixedReport)).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="suites/" tests="3" failures="1" errors="0" skipped="1" time="1.300">
  <testsuite name="suites/search.yaml" tests="2" failures="0" errors="0" skipped="1" time="0.012">
    <testcase name="search finds README" classname="suites/search.yaml" time="0.012" file="suites/search.yaml"/>
    <testcase name="needs token" classname="suites/search.yaml" time="0.000" file="suites/search.yaml">
      <skipped message="MCP_TOKEN not set"/>
    </testcase>
  </testsuite>
  <testsuite name="suites/read.yaml" tests="1" failures="1" errors="0" skipped="0" time="1.234">
    <testcase name="read &lt;config&gt; &amp; &quot;quotes&quot;" classname="suites/read.yaml" time="1.234" file="suites/read.yaml">
      <failure message="expected text to contain &quot;ok&quot;">expected text to contain "ok"
got: error &lt;nope&gt; &amp; 'x'</failure>
    </testcase>
  </testsuite>
</testsuites>
`);
  });

  it('puts results without a file in one suite named after the run, with no properties for single runs', () => {
    const xml = formatJunitReport(passingReport);
    expect(xml).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="smoke" tests="2" failures="0" errors="0" skipped="0" time="0.009">
  <testsuite name="smoke" tests="2" failures="0" errors="0" skipped="0" time="0.007">
    <testcase name="echo" classname="smoke" time="0.003"/>
    <testcase name="add" classname="smoke" time="0.004"/>
  </testsuite>
</testsuites>
`);
    expect(xml).not.toContain('<properties>');
  });

  it('adds pass@k / pass^k properties and per-case trial counts when trials > 1', () => {
    expect(formatJunitReport(trialsReport)).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="flaky" tests="2" failures="1" errors="0" skipped="0" time="0.130">
  <testsuite name="flaky" tests="2" failures="1" errors="0" skipped="0" time="0.120">
    <properties>
      <property name="trials" value="5"/>
      <property name="pass_at_k" value="2/2"/>
      <property name="pass_up_k" value="1/2"/>
    </properties>
    <testcase name="stable" classname="flaky" time="0.050">
      <system-out>trials: 5/5 passed; pass@k 1; pass^k 1</system-out>
    </testcase>
    <testcase name="flaky" classname="flaky" time="0.070">
      <failure message="failed 2 of 5 trials; trial 2: timeout">failed 2 of 5 trials; trial 2: timeout</failure>
      <system-out>trials: 3/5 passed; pass@k 1; pass^k 0</system-out>
    </testcase>
  </testsuite>
</testsuites>
`);
  });

  it('omits properties when trial stats cover a single trial', () => {
    const single = {
      ...passingReport,
      results: passingReport.results.map((r) => ({ ...r, trials: { k: 1, passed: 1, passAtK: 1, passHatK: 1 } })),
    };
    expect(formatJunitReport(single)).not.toMatch(/<properties>|<system-out>/);
  });

  it('writes control characters from a server as visible text, never raw', () => {
    const xml = formatJunitReport({
      ...emptyReport,
      summary: { total: 1, passed: 0, failed: 1, skipped: 0 },
      results: [{ name: 'ansi', status: 'FAIL', detail: '\x1b[31mboom\x1b[0m\0', durationMs: 1 }],
    });
    expect(xml).toContain(
      '<failure message="\\u001b[31mboom\\u001b[0m\\u0000">\\u001b[31mboom\\u001b[0m\\u0000</failure>',
    );
    // eslint-disable-next-line no-control-regex
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it('writes an empty run as an empty root', () => {
    expect(formatJunitReport(emptyReport)).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="nothing" tests="0" failures="0" errors="0" skipped="0" time="0.000">
</testsuites>
`);
  });
});
