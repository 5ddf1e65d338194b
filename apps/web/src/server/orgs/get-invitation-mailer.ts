import { env } from '@/env';
import { getLogger } from '@/server/logger';
import type { InvitationMailer } from './invitation-mailer';
import { createLogInvitationLink } from './log-invitation-link';
import { createSendInvitationEmail } from './send-invitation-email';

const store = globalThis as typeof globalThis & { __mcptestInvitationMailer?: InvitationMailer };

/** The process-wide invitation mailer: SMTP when SMTP_URL is set (one pooled transport), the log otherwise. */
export function getInvitationMailer(): InvitationMailer {
  if (!store.__mcptestInvitationMailer) {
    const e = env();
    store.__mcptestInvitationMailer = e.SMTP_URL
      ? createSendInvitationEmail({ transport: e.SMTP_URL, from: e.EMAIL_FROM })
      : createLogInvitationLink(getLogger(e.LOG_LEVEL), { production: !e.devDefaults });
  }
  return store.__mcptestInvitationMailer;
}
