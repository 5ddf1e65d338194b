import { createTransport } from 'nodemailer';
import type { MagicLinkRequest } from './log-magic-link';

/**
 * Sends a magic sign-in link over SMTP. Ours rather than @auth/core's Nodemailer provider: nodemailer 10 is outside
 * that provider's peer range, so npm installs it under apps/web where @auth/core cannot import it.
 */
export function createSendMagicLink(options: { smtpUrl: string; from: string }) {
  const transport = createTransport(options.smtpUrl);
  return async (request: MagicLinkRequest): Promise<void> => {
    const { host } = new URL(request.url);
    const result = await transport.sendMail({
      to: request.identifier,
      from: options.from,
      subject: `Sign in to mcptest (${host})`,
      text: `Sign in to mcptest (${host}):\n${request.url}\n\nThe link works once, until ${request.expires.toUTCString()}. If you did not ask for it, ignore this email.\n`,
    });
    const failed = [...result.rejected, ...(result.pending ?? [])].filter(Boolean);
    if (failed.length) throw new Error(`the sign-in email could not be sent to ${failed.length} recipient(s)`);
  };
}
