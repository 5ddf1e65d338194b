import { describe, expect, it } from 'vitest';
import { parseRunArgs, type RunArgs } from './parse-run-args';

const cwd = '/work/here';

function parsed(argv: string[]): RunArgs {
  const outcome = parseRunArgs(argv, cwd);
  if (!outcome.ok || outcome.help) throw new Error(`expected arguments, got ${JSON.stringify(outcome)}`);
  return outcome.args;
}

describe('parseRunArgs', () => {
  it.each([
    ['2026-07-28', '2026-07-28'],
    ['2025-06-18', '2025-06-18'],
    ['Modern', 'modern'],
    ['auto', 'auto'],
  ])('--protocol %s applies to every session (with or without --url)', (flag, protocol) => {
    expect(parsed(['s.yaml', '--protocol', flag]).protocol).toBe(protocol);
  });

  it('gives the defaults for a bare suite list', () => {
    expect(parsed(['a.yaml', 'dir'])).toEqual({
      paths: ['a.yaml', 'dir'],
      url: undefined,
      transport: 'auto',
      headers: {},
      fixture: undefined,
      trials: 1,
      executeDestructive: false,
      maxCalls: undefined,
      concurrency: undefined,
      callDelayMs: undefined,
      json: false,
      junit: undefined,
      markdown: undefined,
      badge: undefined,
      baseline: undefined,
      saveBaseline: undefined,
      updateSnapshots: false,
      session: 'per-assertion',
      noColor: false,
    });
  });

  it('reads every flag', () => {
    const args = parsed([
      's.yaml',
      '--url=http://127.0.0.1:3001/mcp',
      '--transport',
      'sse',
      '--header',
      'Authorization: Bearer a:b',
      '--header',
      'X-Team:  blue ',
      '--fixture',
      'fx',
      '--trials',
      '3',
      '--execute-destructive',
      '--max-calls',
      '10',
      '--concurrency',
      '4',
      '--call-delay',
      '0',
      '--json',
      '--junit',
      'out/j.xml',
      '--markdown',
      'r.md',
      '--badge',
      'b.svg',
      '--baseline',
      'base.json',
      '--save-baseline',
      'new.json',
      '--update-snapshots',
      '--session',
      'shared',
      '--no-color',
    ]);
    expect(args).toEqual({
      paths: ['s.yaml'],
      url: 'http://127.0.0.1:3001/mcp',
      transport: 'sse',
      headers: { Authorization: 'Bearer a:b', 'X-Team': 'blue' },
      fixture: '/work/here/fx',
      trials: 3,
      executeDestructive: true,
      maxCalls: 10,
      concurrency: 4,
      callDelayMs: 0,
      json: true,
      junit: 'out/j.xml',
      markdown: 'r.md',
      badge: 'b.svg',
      baseline: 'base.json',
      saveBaseline: 'new.json',
      updateSnapshots: true,
      session: 'shared',
      noColor: true,
    });
  });

  it.each([
    [['--help'], true],
    [['-h', 'x.yaml'], true],
  ])('%j asks for help', (argv, help) => {
    expect(parseRunArgs(argv, cwd)).toEqual({ ok: true, help });
  });

  it.each([
    [[], 'no suite files or directories given'],
    [['s.yaml', '--frobnicate'], 'unknown option --frobnicate'],
    [['s.yaml', '--url'], '--url needs a value'],
    [['s.yaml', '--url', '--json'], '--url needs a value'],
    [['s.yaml', '--json=yes'], '--json does not take a value'],
    [['s.yaml', '--url', 'localhost:3000'], '--url must be an http:// or https:// URL, not "localhost:3000"'],
    [['s.yaml', '--url', 'not a url'], '--url must be an absolute http:// or https:// URL, not "not a url"'],
    [['s.yaml', '--url', 'file:///etc/passwd'], '--url must be an http:// or https:// URL'],
    [['s.yaml', '--url', 'http://h/', '--transport', 'ws'], '--transport must be auto, http or sse, not "ws"'],
    [['s.yaml', '--transport', 'sse'], '--transport applies to --url'],
    [['s.yaml', '--header', 'NoColon'], '--header must look like "Name: value", not "NoColon"'],
    [['s.yaml', '--header', ': v'], '--header must look like "Name: value"'],
    [['s.yaml', '--header', 'Bad Name: v'], '--header must look like "Name: value"'],
    [['s.yaml', '--trials', '0'], '--trials must be an integer from 1 to 1000, not "0"'],
    [['s.yaml', '--trials', '2.5'], '--trials must be an integer from 1 to 1000, not "2.5"'],
    [
      ['s.yaml', '--max-calls', '-1'],
      '--max-calls needs a value; for a value that starts with "-", write --max-calls=VALUE',
    ],
    [['s.yaml', '--max-calls=-1'], '--max-calls must be an integer >= 1, not "-1"'],
    [['s.yaml', '--max-calls', 'ten'], '--max-calls must be an integer >= 1, not "ten"'],
    [['s.yaml', '--concurrency', '33'], '--concurrency must be an integer from 1 to 32, not "33"'],
    [['s.yaml', '--call-delay', '60001'], '--call-delay must be an integer from 0 to 60000, not "60001"'],
    [['s.yaml', '--session', 'pooled'], '--session must be per-assertion or shared, not "pooled"'],
    [['s.yaml', '--protocol', '2025-01-01'], '--protocol must be auto, modern, legacy, 2026-07-28, 2025-11-25'],
    [['s.yaml', '--badge', 'badge.png'], '--badge must name a .svg (image) or .json (shields.io endpoint) file'],
    [['s.yaml', '--junit', ''], '--junit needs a file name'],
    [['s.yaml', '--fixture', ' '], '--fixture needs a directory'],
  ])('%j is a usage error', (argv, message) => {
    const outcome = parseRunArgs(argv, cwd);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message).toContain(message);
  });

  it('refuses a header value that would smuggle another header', () => {
    expect(parseRunArgs(['s.yaml', '--header', 'X-A: 1\r\nX-B: 2'], cwd)).toEqual({
      ok: false,
      message: '--header X-A: the value may not contain line breaks',
    });
  });

  it('keeps the last value of a repeated header', () => {
    expect(parsed(['s.yaml', '--header', 'X-A: 1', '--header', 'X-A: 2']).headers).toEqual({ 'X-A': '2' });
  });
});
