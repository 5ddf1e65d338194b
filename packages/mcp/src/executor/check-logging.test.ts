import type { SuiteLoggingExpect } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { type CapturedLogMessage, checkLogging, logDataText } from './check-logging';

const messages: CapturedLogMessage[] = [
  { level: 'info', data: 'Info-level message - SessionId abc' },
  { level: 'error', data: '{"code":7}' },
];

describe('checkLogging', () => {
  it.each<[SuiteLoggingExpect, string | undefined]>([
    [{}, undefined],
    [{ min_messages: 2 }, undefined],
    [{ min_messages: 3 }, 'expected at least 3 log message(s), got 2 (got levels: info, error)'],
    [{ contains_level: ['info', 'error'] }, undefined],
    [{ contains_level: ['warning'] }, 'expected log message at level "warning", not found'],
    [{ contains_data: ['SessionId', '"code":7'] }, undefined],
    [{ contains_data: ['nope'] }, 'expected log data containing "nope", not found'],
  ])('%j', (expectBlock, failure) => {
    const outcome = checkLogging(expectBlock, messages);
    if (failure === undefined) expect(outcome).toEqual({ ok: true });
    else expect(!outcome.ok && outcome.message).toContain(failure);
  });

  it('fails min_messages with nothing captured', () => {
    expect(checkLogging({ min_messages: 1 }, [])).toEqual({
      ok: false,
      message: 'expected at least 1 log message(s), got 0',
    });
  });
});

describe('logDataText', () => {
  it.each([
    ['text', 'text'],
    [{ a: 1 }, '{"a":1}'],
    [3, '3'],
    [undefined, ''],
  ])('%j -> %s', (data, text) => {
    expect(logDataText(data)).toBe(text);
  });
});
