import type { Logger } from 'pino';

/** What Auth.js hands an email provider's `sendVerificationRequest` (the part we use). */
export interface MagicLinkRequest {
  identifier: string;
  url: string;
  expires: Date;
}

/**
 * The magic-link "sender" when no SMTP server is configured outside production: the link goes to the server log, so a
 * developer can sign in by copying it. Never used in production (the link is a credential).
 */
export function createLogMagicLink(logger: Pick<Logger, 'info'>) {
  return async (request: MagicLinkRequest): Promise<void> => {
    logger.info(
      { email: request.identifier, url: request.url, expires: request.expires.toISOString() },
      `magic sign-in link for ${request.identifier} (no SMTP_URL set): ${request.url}`,
    );
  };
}
