import { describe, expect, it } from 'vitest';
import { generateApiToken } from './api-token';
import { generateSecretToken, SECRET_TOKEN_BYTES } from './generate-secret-token';

/** The random part of a token decoded back to bytes (base64url after the prefix). */
function tokenBytes(token: string, prefix = ''): Buffer {
  expect(token.startsWith(prefix)).toBe(true);
  const body = token.slice(prefix.length);
  expect(body).toMatch(/^[A-Za-z0-9_-]+$/);
  return Buffer.from(body, 'base64url');
}

describe('generateSecretToken', () => {
  it('carries 256 random bits after its prefix', () => {
    expect(SECRET_TOKEN_BYTES * 8).toBe(256);
    const token = generateSecretToken('mcptr_');
    expect(token).toHaveLength('mcptr_'.length + 43);
    expect(tokenBytes(token, 'mcptr_')).toHaveLength(32);
  });

  it('never repeats and uses every bit (no byte position is constant over many draws)', () => {
    const draws = Array.from({ length: 512 }, () => tokenBytes(generateSecretToken()));
    expect(new Set(draws.map((b) => b.toString('hex'))).size).toBe(draws.length);
    // Each of the 256 bit positions is set in some draws and clear in others (a short or padded token is not).
    for (let bit = 0; bit < 256; bit++) {
      const set = draws.filter((b) => ((b[bit >> 3] ?? 0) >> (bit & 7)) & 1).length;
      expect(set, `bit ${bit}`).toBeGreaterThan(0);
      expect(set, `bit ${bit}`).toBeLessThan(draws.length);
    }
  });

  it('is what API tokens are made of', () => {
    expect(tokenBytes(generateApiToken().token, 'mcpt_')).toHaveLength(32);
  });
});
