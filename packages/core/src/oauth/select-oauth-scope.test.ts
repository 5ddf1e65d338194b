import { describe, expect, it } from 'vitest';
import { selectOAuthScope } from './select-oauth-scope';

describe('selectOAuthScope (the MCP spec scope selection)', () => {
  it.each([
    [{ challengeScope: 'mcp:admin', scopesSupported: ['mcp:tools'] }, 'mcp:admin'],
    [{ challengeScope: '  ', scopesSupported: ['mcp:tools', 'mcp:admin'] }, 'mcp:tools mcp:admin'],
    [{ scopesSupported: ['mcp:tools', 'mcp:admin'] }, 'mcp:tools mcp:admin'],
    [{ scopesSupported: [] }, undefined],
    [{}, undefined],
  ])('%j -> %j', (input, expected) => {
    expect(selectOAuthScope(input)).toBe(expected);
  });
});
