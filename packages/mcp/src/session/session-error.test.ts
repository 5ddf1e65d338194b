import { describe, expect, it } from 'vitest';
import {
  describeNetworkError,
  displayUrl,
  redactSecrets,
  secretsOf,
  SessionError,
  isSessionError,
} from './session-error';

function withCause(message: string, cause: unknown): Error {
  return new Error(message, { cause });
}

function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('describeNetworkError', () => {
  it.each([
    [
      'undici refusal in the cause',
      new TypeError('fetch failed', { cause: coded('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED') }),
      'connection refused',
    ],
    [
      'DNS failure',
      withCause('fetch failed', coded('getaddrinfo ENOTFOUND nope.invalid', 'ENOTFOUND')),
      'host not found',
    ],
    [
      'undici connect timeout',
      withCause('fetch failed', coded('Connect Timeout Error', 'UND_ERR_CONNECT_TIMEOUT')),
      'connection timed out',
    ],
    [
      'SSE error that only has text',
      new Error('SSE error: TypeError: fetch failed: connect ECONNREFUSED 127.0.0.1:9'),
      'connection refused',
    ],
    ['spawn of a missing command', coded('spawn /x ENOENT', 'ENOENT'), 'command not found'],
    [
      'TLS',
      withCause('fetch failed', coded('certificate has expired', 'CERT_HAS_EXPIRED')),
      'TLS certificate has expired',
    ],
    [
      'unknown cause: innermost message wins',
      withCause('fetch failed', new Error('refused: 10.0.0.1 is a private address')),
      'refused: 10.0.0.1 is a private address',
    ],
    [
      'SSE wrapper with an unknown reason',
      new Error('SSE error: TypeError: fetch failed: blocked by policy'),
      'blocked by policy',
    ],
    ['a plain string', 'weird', 'weird'],
  ])('%s', (_name, error, expected) => {
    expect(describeNetworkError(error)).toBe(expected);
  });

  it('stops on a cause cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(typeof describeNetworkError(a)).toBe('string');
  });
});

describe('displayUrl', () => {
  it.each([
    ['http://127.0.0.1:3000/mcp', 'http://127.0.0.1:3000/mcp'],
    ['https://user:pass@example.com/mcp', 'https://example.com/mcp'],
    ['https://example.com/mcp?api_key=abc123&x=1', 'https://example.com/mcp?api_key=***&x=***'],
    ['nonsense', '(invalid URL)'],
  ])('%s -> %s', (input, expected) => {
    expect(displayUrl(input)).toBe(expected);
  });
});

describe('secretsOf / redactSecrets', () => {
  it('masks header values, the bare token of a scheme value, and env values; ignores values under 4 characters', () => {
    const secrets = secretsOf({ Authorization: 'Bearer tok-abcdef', 'X-Short': 'ab' }, { API_KEY: 'env-secret' });
    expect(redactSecrets('sent Bearer tok-abcdef; server said tok-abcdef; key env-secret; ab', secrets)).toBe(
      'sent ***; server said ***; key ***; ab',
    );
  });

  it('is a no-op without secrets', () => {
    expect(redactSecrets('nothing to hide', secretsOf(undefined))).toBe('nothing to hide');
  });
});

describe('SessionError', () => {
  it('carries code and details, and isSessionError narrows by code', () => {
    const error = new SessionError('tool_call_failed', 'tools/call "x" failed', {
      rpcError: { code: -32602, message: 'bad' },
      method: 'tools/call',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SessionError');
    expect(error.rpcError?.code).toBe(-32602);
    expect(error.httpStatus).toBeUndefined();
    expect(isSessionError(error, 'tool_call_failed')).toBe(true);
    expect(isSessionError(error, 'timeout')).toBe(false);
    expect(isSessionError(new Error('x'))).toBe(false);
  });
});
