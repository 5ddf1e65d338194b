import type { RunReport } from '../result/run-result';

/** Reports shared by the reporter tests: every status, awkward characters, a regression, and trials. */
export const mixedReport: RunReport = {
  name: 'suites/',
  summary: { total: 3, passed: 1, failed: 1, skipped: 1 },
  results: [
    {
      name: 'search finds README',
      status: 'PASS',
      detail: '',
      durationMs: 12,
      file: 'suites/search.yaml',
      tool: 'search',
    },
    {
      name: 'read <config> & "quotes"',
      status: 'FAIL',
      detail: 'expected text to contain "ok"\ngot: error <nope> & \'x\'',
      durationMs: 1234.4,
      file: 'suites/read.yaml',
      tool: 'read_file',
    },
    { name: 'needs token', status: 'SKIP', detail: 'MCP_TOKEN not set', durationMs: 0, file: 'suites/search.yaml' },
  ],
  regressions: [
    {
      name: 'read <config> & "quotes"',
      before: 'PASS',
      after: 'FAIL',
      detail: 'expected text to contain "ok"\ngot: error <nope> & \'x\'',
    },
  ],
  durationMs: 1300,
};

export const passingReport: RunReport = {
  name: 'smoke',
  summary: { total: 2, passed: 2, failed: 0, skipped: 0 },
  results: [
    { name: 'echo', status: 'PASS', detail: '', durationMs: 3 },
    { name: 'add', status: 'PASS', detail: '', durationMs: 4 },
  ],
  regressions: [],
  durationMs: 9,
};

export const trialsReport: RunReport = {
  name: 'flaky',
  summary: { total: 2, passed: 1, failed: 1, skipped: 0 },
  results: [
    {
      name: 'stable',
      status: 'PASS',
      detail: '',
      durationMs: 50,
      trials: { k: 5, passed: 5, passAtK: 1, passHatK: 1 },
    },
    {
      name: 'flaky',
      status: 'FAIL',
      detail: 'failed 2 of 5 trials; trial 2: timeout',
      durationMs: 70,
      trials: { k: 5, passed: 3, passAtK: 1, passHatK: 0 },
    },
  ],
  regressions: [],
  durationMs: 130,
};

export const emptyReport: RunReport = {
  name: 'nothing',
  summary: { total: 0, passed: 0, failed: 0, skipped: 0 },
  results: [],
  regressions: [],
  durationMs: 0,
};

/** A run whose server broke the wire schema: once in a passing assertion (warn), once failing it (strict). */
export const wireReport: RunReport = {
  name: 'wire',
  summary: { total: 2, passed: 1, failed: 1, skipped: 0 },
  results: [
    {
      name: 'warned',
      status: 'PASS',
      detail: '',
      durationMs: 5,
      wireFindings: [
        {
          message: "must have required property 'content'",
          pointer: '/result',
          specLink: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#calltoolresult',
          definition: 'CallToolResult',
          revision: '2025-11-25',
          direction: 'received',
          method: 'tools/call',
          id: 2,
          seq: 4,
        },
      ],
    },
    {
      name: 'strict',
      status: 'FAIL',
      detail:
        'wire_schema strict: 1 schema violation(s)\n' +
        'received notifications/\u001b[2Jx (JSONRPCNotification) at /params: must be object ' +
        '[https://modelcontextprotocol.io/specification/2025-11-25/schema#jsonrpcnotification]',
      durationMs: 6,
      wireFindings: [
        {
          message: 'must be object',
          pointer: '/params',
          specLink: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#jsonrpcnotification',
          definition: 'JSONRPCNotification',
          revision: '2025-11-25',
          direction: 'received',
          method: 'notifications/\u001b[2Jx',
        },
      ],
    },
  ],
  regressions: [],
  durationMs: 11,
};
