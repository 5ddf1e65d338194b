import type { Logger } from 'pino';
import type { InvitationMailer } from './invitation-mailer';

/**
 * The invitation "mailer" without SMTP: a log line, like the magic link's (log-magic-link.ts). Outside production the
 * line carries the accept link, so a developer can follow it; in production it does not, because the link is a
 * credential and logs are read by more people than admins (the admin who invited copies it from the page instead).
 */
export function createLogInvitationLink(
  logger: Pick<Logger, 'info'>,
  options: { production: boolean },
): InvitationMailer {
  return {
    channel: 'log',
    send: async (message) => {
      const fields = {
        email: message.to,
        organization: message.organizationName,
        role: message.role,
        expires: message.expiresAt.toISOString(),
      };
      if (options.production) {
        logger.info(fields, `invitation for ${message.to} created (no SMTP_URL set: not emailed)`);
      } else {
        logger.info(
          { ...fields, url: message.acceptUrl },
          `invitation link for ${message.to} (no SMTP_URL set): ${message.acceptUrl}`,
        );
      }
    },
  };
}
