import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { InvitationMailer, InvitationMessage } from './invitation-mailer';

/** The email's text: who invites, to what, with which role, until when; the link last, on a line of its own. */
export function invitationEmailText(message: InvitationMessage): string {
  return [
    `${message.invitedBy} invited you to join the organization "${message.organizationName}" on mcptest as ${message.role}.`,
    '',
    'Accept the invitation (sign in with this email address):',
    message.acceptUrl,
    '',
    `The link works once, until ${message.expiresAt.toUTCString()}. If you did not expect it, ignore this email.`,
    '',
  ].join('\n');
}

/**
 * Sends invitations over SMTP, like the magic sign-in links (send-magic-link.ts). `transport` is an smtp(s):// URL, or
 * nodemailer transport options (tests use `{jsonTransport: true}`). A recipient the server refuses is an error: the
 * page then says the email failed and shows the link to copy.
 */
export function createSendInvitationEmail(options: {
  transport: string | SMTPTransport.Options | { jsonTransport: true };
  from: string;
}): InvitationMailer {
  const transport = createTransport(options.transport as SMTPTransport.Options);
  return {
    channel: 'email',
    send: async (message) => {
      const result = await transport.sendMail({
        to: message.to,
        from: options.from,
        subject: `You are invited to ${message.organizationName} on mcptest`,
        text: invitationEmailText(message),
      });
      const failed = [...(result.rejected ?? []), ...(result.pending ?? [])].filter(Boolean);
      if (failed.length) throw new Error(`the invitation email could not be sent to ${message.to}`);
    },
  };
}
