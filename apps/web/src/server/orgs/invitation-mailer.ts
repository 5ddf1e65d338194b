import type { RoleName } from './org-schemas';

/** One invitation to tell the invitee about. `acceptUrl` holds the token: it is a credential until used. */
export interface InvitationMessage {
  to: string;
  organizationName: string;
  role: RoleName;
  acceptUrl: string;
  expiresAt: Date;
  /** Who invited (their email), so the invitee knows whom to ask. */
  invitedBy: string;
}

/**
 * How invitations reach invitees: by email when SMTP_URL is set, otherwise only to the server log (development) and
 * the page that created them. `channel` lets the page say which happened.
 */
export interface InvitationMailer {
  channel: 'email' | 'log';
  send: (message: InvitationMessage) => Promise<void>;
}
