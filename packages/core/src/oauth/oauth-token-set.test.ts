import { describe, expect, it } from 'vitest';
import { tokenNeedsRefresh, tokenSetFromResponse } from './oauth-token-set';

const NOW = 1_800_000_000_000;

describe('tokenSetFromResponse', () => {
  it('makes the expiry absolute and keeps refresh token and scope', () => {
    expect(
      tokenSetFromResponse(
        { access_token: 'a', token_type: 'bearer', expires_in: 60, refresh_token: 'r', scope: 'mcp:tools' },
        NOW,
      ),
    ).toEqual({
      accessToken: 'a',
      tokenType: 'bearer',
      refreshToken: 'r',
      expiresAt: NOW + 60_000,
      scope: 'mcp:tools',
    });
  });

  it('keeps the previous refresh token when a refresh issues none, and leaves absent what was not given', () => {
    expect(tokenSetFromResponse({ access_token: 'b', token_type: 'bearer' }, NOW, 'old')).toEqual({
      accessToken: 'b',
      tokenType: 'bearer',
      refreshToken: 'old',
    });
    expect(
      tokenSetFromResponse({ access_token: 'b', token_type: 'bearer', refresh_token: 'new' }, NOW, 'old').refreshToken,
    ).toBe('new');
  });

  it('refuses a response without an access token', () => {
    expect(() => tokenSetFromResponse({ access_token: '', token_type: 'bearer' }, NOW)).toThrow();
  });
});

describe('tokenNeedsRefresh', () => {
  it.each([
    [{ expiresAt: NOW + 61_000 }, false],
    [{ expiresAt: NOW + 60_000 }, true],
    [{ expiresAt: NOW - 1 }, true],
    [{}, false],
  ])('%j at now', (tokens, expected) => {
    expect(tokenNeedsRefresh(tokens, NOW)).toBe(expected);
  });
});
