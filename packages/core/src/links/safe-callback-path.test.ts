import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from './safe-callback-path';

describe('safeCallbackPath', () => {
  it.each([
    ['/o/acme/suites/abc', '/o/acme/suites/abc'],
    ['/o/acme/runs?status=failed&branch=main', '/o/acme/runs?status=failed&branch=main'],
    ['/orgs', '/orgs'],
    ['/', '/'],
    ['/o/acme/suites/abc#trend', '/o/acme/suites/abc#trend'],
    // Dot segments stay on this origin; the parser resolves them.
    ['/o/../orgs', '/orgs'],
  ])('accepts the same-origin path %j', (value, expected) => {
    expect(safeCallbackPath(value)).toBe(expected);
  });

  it.each([
    ['//evil.com', 'protocol-relative'],
    ['//evil.com/o/acme', 'protocol-relative with a path'],
    ['https://evil.com', 'absolute'],
    ['http://localhost:3000/o/acme', 'absolute, even to ourselves'],
    ['/\\evil.com', 'a backslash browsers read as a slash'],
    ['\\\\evil.com', 'two backslashes'],
    ['/\t/evil.com', 'a tab parsers drop'],
    ['/\n/evil.com', 'a newline parsers drop'],
    ['javascript:alert(1)', 'a script URL'],
    ['o/acme', 'relative without a leading slash'],
    ['', 'empty'],
    [`/${'a'.repeat(3000)}`, 'too long'],
  ])('refuses %j (%s)', (value) => {
    expect(safeCallbackPath(value)).toBeUndefined();
  });

  it.each([[undefined], [null], [42], [['/o/acme']]])('refuses the non-string %j', (value) => {
    expect(safeCallbackPath(value)).toBeUndefined();
  });
});
