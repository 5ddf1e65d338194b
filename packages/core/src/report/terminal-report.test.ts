import { describe, expect, it } from 'vitest';
import type { AssertionResult } from '../result/run-result';
import { formatProgressLine, formatTerminalReport } from './terminal-report';
import { emptyReport, mixedReport, trialsReport, wireReport } from './test-fixtures';

const ESC = '\x1b';

describe('formatTerminalReport', () => {
  it('lists wire findings under their result once (a strict failure shows them as its detail) and counts them', () => {
    expect(formatTerminalReport(wireReport, { color: false })).toBe(
      [
        'PASS warned (5ms)',
        "       wire: received tools/call (CallToolResult) at /result: must have required property 'content' " +
          '[https://modelcontextprotocol.io/specification/2025-11-25/schema#calltoolresult]',
        'FAIL strict (6ms)',
        '       wire_schema strict: 1 schema violation(s)',
        // The method came from the server: its escape sequence is shown, not sent to the terminal.
        '       received notifications/\\u001b[2Jx (JSONRPCNotification) at /params: must be object ' +
          '[https://modelcontextprotocol.io/specification/2025-11-25/schema#jsonrpcnotification]',
        '',
        '2 assertions, 1 passed, 1 failed, 2 wire schema findings (11ms)',
        '',
      ].join('\n'),
    );
  });

  it('prints plain words and no escape codes without colour', () => {
    const text = formatTerminalReport(mixedReport, { color: false });
    expect(text).toBe(
      [
        'PASS search finds README (12ms)',
        'FAIL read <config> & "quotes" (1.23s)',
        '       expected text to contain "ok"',
        "       got: error <nope> & 'x'",
        'SKIP needs token (0ms)',
        '       MCP_TOKEN not set',
        '',
        '3 assertions, 1 passed, 1 failed, 1 skipped (1.30s)',
        '',
        'Regressions (1):',
        '  read <config> & "quotes": was PASS, now FAIL',
        '',
      ].join('\n'),
    );
    expect(text).not.toContain(ESC);
  });

  it('names the negotiated MCP revision after the duration', () => {
    const text = formatTerminalReport({ ...mixedReport, protocolVersion: '2026-07-28' }, { color: false });
    expect(text).toContain('3 assertions, 1 passed, 1 failed, 1 skipped (1.30s, MCP 2026-07-28)\n');
  });

  it('colours symbols, details and counts on a terminal', () => {
    const text = formatTerminalReport(mixedReport, { color: true });
    expect(text.split('\n').slice(0, 7)).toEqual([
      `${ESC}[32m✓${ESC}[0m search finds README ${ESC}[90m(12ms)${ESC}[0m`,
      `${ESC}[31m✗${ESC}[0m read <config> & "quotes" ${ESC}[90m(1.23s)${ESC}[0m`,
      `    ${ESC}[31mexpected text to contain "ok"${ESC}[0m`,
      `    ${ESC}[31mgot: error <nope> & 'x'${ESC}[0m`,
      `${ESC}[33m○${ESC}[0m needs token ${ESC}[90m(0ms)${ESC}[0m`,
      `    ${ESC}[90mMCP_TOKEN not set${ESC}[0m`,
      '',
    ]);
    expect(text).toContain(
      `3 assertions, ${ESC}[32m1 passed${ESC}[0m, ${ESC}[31m1 failed${ESC}[0m, ${ESC}[33m1 skipped${ESC}[0m`,
    );
    expect(text).toContain(`${ESC}[31m${ESC}[1mRegressions (1):${ESC}[0m${ESC}[0m`);
  });

  it('shows trials per assertion and the pass@k / pass^k tally', () => {
    expect(formatTerminalReport(trialsReport, { color: false })).toBe(
      [
        'PASS stable (50ms) [5/5 trials passed]',
        'FAIL flaky (70ms) [3/5 trials passed]',
        '       failed 2 of 5 trials; trial 2: timeout',
        '',
        '2 assertions, 1 passed, 1 failed (130ms)',
        'pass@k: 2/2 capable, pass^k: 1/2 reliable',
        '',
      ].join('\n'),
    );
  });

  it('reports an empty run', () => {
    expect(formatTerminalReport(emptyReport, { color: false })).toBe('0 assertions (0ms)\n');
  });

  it('never passes escape sequences or carriage returns from a server to the terminal', () => {
    const hostile: AssertionResult = {
      name: `evil${ESC}]0;pwned\x07`,
      status: 'FAIL',
      detail: `line\r${ESC}[2Koverwritten\tok`,
      durationMs: 1,
    };
    const text = formatTerminalReport(
      { ...emptyReport, summary: { total: 1, passed: 0, failed: 1, skipped: 0 }, results: [hostile] },
      { color: false },
    );
    expect(text).not.toContain(ESC);
    expect(text).not.toContain('\r');
    expect(text).toContain('FAIL evil\\u001b]0;pwned\\u0007 (1ms)\n');
    expect(text).toContain('       line\\u000d\\u001b[2Koverwritten\tok\n');
  });
});

describe('formatProgressLine', () => {
  const result: AssertionResult = { name: 'echo', status: 'PASS', detail: '', durationMs: 7 };

  it.each([
    { options: { color: false }, line: 'PASS echo (7ms)' },
    { options: { color: false, index: 3, total: 12 }, line: '[3/12] PASS echo (7ms)' },
    {
      options: { color: true, index: 3, total: 12 },
      line: `${ESC}[90m[3/12]${ESC}[0m ${ESC}[32m✓${ESC}[0m echo ${ESC}[90m(7ms)${ESC}[0m`,
    },
  ])('$options', ({ options, line }) => {
    expect(formatProgressLine(result, options)).toBe(line);
  });
});
