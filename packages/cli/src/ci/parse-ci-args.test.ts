import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli-flags';
import { normalizeApiUrl, parseCiArgs } from './parse-ci-args';

describe('parseCiArgs', () => {
  it('parses every flag, with defaults', () => {
    const outcome = parseCiArgs([
      '--api',
      'https://mcptest.example.com/',
      '--suite',
      'ckz9abc_1',
      '--wait=120',
      '--junit',
      'out/junit.xml',
      '--markdown',
      'out/summary.md',
      '--commit',
      'abc',
      '--branch',
      'main',
      '--idempotency-key',
      'k-1',
      '--json',
      '--no-progress',
      '--no-color',
    ]);
    expect(outcome).toEqual({
      help: false,
      args: {
        api: 'https://mcptest.example.com',
        suite: 'ckz9abc_1',
        token: undefined,
        waitSeconds: 120,
        junit: 'out/junit.xml',
        markdown: 'out/summary.md',
        commitSha: 'abc',
        branch: 'main',
        idempotencyKey: 'k-1',
        json: true,
        progress: false,
        noColor: true,
      },
    });
    const minimal = parseCiArgs(['--suite', 's']);
    expect(minimal.help === false && minimal.args.waitSeconds).toBe(600);
  });

  it.each([
    [['--suite', 'a/b'], '--suite must be a suite id'],
    [['--suite', 's', '--wait', '1.5'], '--wait must be a number of seconds from 1 to 21600'],
    [['--suite', 's', '--wait', '21601'], '--wait must be'],
    [['--suite', 's', '--junit', ''], '--junit needs a file name'],
    [['--suite', 's', '--branch', 'a\nb'], '--branch may not contain control characters'],
    [['--suite', 's', 'extra'], 'unexpected argument "extra"'],
    [['--suite'], '--suite needs a value'],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseCiArgs(argv)).toThrow(UsageError);
    expect(() => parseCiArgs(argv)).toThrow(message);
  });

  it('does not echo a malformed token', () => {
    expect(() => parseCiArgs(['--suite', 's', '--token', 'mcpt_\u0007secret'])).toThrow(/^--token needs a value/);
    try {
      parseCiArgs(['--suite', 's', '--token', 'mcpt_\u0007secret']);
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });
});

describe('normalizeApiUrl', () => {
  it.each([
    ['https://mcptest.example.com', 'https://mcptest.example.com'],
    ['https://mcptest.example.com/api/v1/', 'https://mcptest.example.com'],
    ['http://127.0.0.1:3000/mcptest/', 'http://127.0.0.1:3000/mcptest'],
    ['http://localhost:3000/mcptest/api/v1', 'http://localhost:3000/mcptest'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeApiUrl(input)).toBe(expected);
  });

  it('refuses credentials without echoing them, and queries', () => {
    expect(() => normalizeApiUrl('https://user:hunter2@x.example')).toThrow(/^--api may not carry credentials/);
    expect(() => normalizeApiUrl('https://user:hunter2@x.example')).not.toThrow(/hunter2/);
    expect(() => normalizeApiUrl('https://x.example/?a=1')).toThrow('query or fragment');
  });
});
