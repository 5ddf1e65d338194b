import { describe, expect, it, vi } from 'vitest';
import { createLogMagicLink } from './log-magic-link';

describe('createLogMagicLink', () => {
  it('prints the link, the address and the expiry to the log instead of sending mail', async () => {
    const info = vi.fn();
    const url = 'http://localhost:3000/api/auth/callback/nodemailer?token=abc&email=a%40example.com';
    await createLogMagicLink({ info })({
      identifier: 'a@example.com',
      url,
      expires: new Date('2030-01-01T00:00:00.000Z'),
    });
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(
      { email: 'a@example.com', url, expires: '2030-01-01T00:00:00.000Z' },
      expect.stringContaining(url),
    );
  });
});
