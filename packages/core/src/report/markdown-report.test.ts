import { describe, expect, it } from 'vitest';
import type { RunReport } from '../result/run-result';
import { formatMarkdownReport } from './markdown-report';
import { emptyReport, mixedReport, passingReport, trialsReport } from './test-fixtures';

const failing = (name: string, detail: string): RunReport => ({
  ...emptyReport,
  summary: { total: 1, passed: 0, failed: 1, skipped: 0 },
  results: [{ name, status: 'FAIL', detail, durationMs: 5 }],
});

describe('formatMarkdownReport', () => {
  it('summarises failures, regressions and skips', () => {
    expect(formatMarkdownReport(mixedReport)).toBe(`## ❌ mcptest: suites/ — 1 of 3 failed, 1 regression

| Total | Passed | Failed | Skipped | Duration |
| ---: | ---: | ---: | ---: | ---: |
| 3 | 1 | 1 | 1 | 1.30s |

### Failures

**read \\<config\\> \\& "quotes"** (1.23s)

\`\`\`text
expected text to contain "ok"
got: error <nope> & 'x'
\`\`\`

### Regressions

| Assertion | Before | After |
| --- | --- | --- |
| read \\<config\\> \\& "quotes" | PASS | FAIL |

### Skipped

- needs token: MCP\\_TOKEN not set

<details><summary>All 3 results</summary>

| | Assertion | Duration |
| --- | --- | ---: |
| ✅ | search finds README | 12ms |
| ❌ | read \\<config\\> \\& "quotes" | 1.23s |
| ⏭️ | needs token | 0ms |

</details>
`);
  });

  it('has a reliability table when trials ran', () => {
    expect(formatMarkdownReport(trialsReport)).toContain(`### Reliability

| Assertion | Trials | Passed | pass@k | pass^k |
| --- | ---: | ---: | ---: | ---: |
| stable | 5 | 5 | 1 | 1 |
| flaky | 5 | 3 | 1 | 0 |

**pass@k: 2/2 capable, pass^k: 1/2 reliable**
`);
    expect(formatMarkdownReport(mixedReport)).not.toContain('Reliability');
  });

  it.each([
    { report: passingReport, heading: '## ✅ mcptest: smoke — 2 of 2 passed' },
    { report: emptyReport, heading: '## ⚪ mcptest: nothing — no assertions ran' },
    {
      report: {
        ...passingReport,
        summary: { total: 2, passed: 1, failed: 0, skipped: 1 },
      },
      heading: '## ✅ mcptest: smoke — 1 of 2 passed, 1 skipped',
    },
    {
      report: { ...passingReport, summary: { total: 2, passed: 0, failed: 0, skipped: 2 } },
      heading: '## ⚪ mcptest: smoke — all 2 skipped',
    },
    {
      report: {
        ...passingReport,
        summary: { total: 2, passed: 1, failed: 0, skipped: 1 },
        regressions: [{ name: 'add', before: 'PASS', after: 'SKIP', detail: '' }] as RunReport['regressions'],
      },
      heading: '## ❌ mcptest: smoke — 1 regression',
    },
  ])('heading: $heading', ({ report, heading }) => {
    expect(formatMarkdownReport(report).split('\n')[0]).toBe(heading);
  });

  it('escapes pipes, backticks and HTML in names so tables hold', () => {
    const md = formatMarkdownReport(failing('a|b `code` <img src=x> *x*\nnext', 'x'));
    expect(md).toContain('| ❌ | a\\|b \\`code\\` \\<img src=x\\> \\*x\\* next | 5ms |');
  });

  it('fences details longer than any backtick run inside them', () => {
    const md = formatMarkdownReport(failing('f', 'got:\n```\ncode\n````'));
    expect(md).toContain('`````text\ngot:\n```\ncode\n````\n`````\n');
  });

  it('collapses long details under their first line', () => {
    const detail = ['expected <ok> & more', ...Array.from({ length: 20 }, (_, i) => `line ${i}`)].join('\n');
    const md = formatMarkdownReport(failing('f', detail));
    expect(md).toContain(
      `<details><summary>expected &lt;ok&gt; &amp; more</summary>\n\n\`\`\`text\nexpected <ok> & more\nline 0\n`,
    );
    expect(md).toContain('line 19\n```\n\n</details>\n');
  });

  it('truncates a runaway detail', () => {
    const md = formatMarkdownReport(failing('f', 'x'.repeat(25_000)));
    expect(md).toContain(`${'x'.repeat(20)}\n… (5000 more characters)\n\`\`\``);
    expect(md.length).toBeLessThan(21_000);
  });
});
