import { createInvitation } from './create-invitation';
import type { InvitationMailer } from './invitation-mailer';
import type { CreateInvitationInput, InvitationResource, OrgDeps, SessionUser } from './org-schemas';

/** How the invitee was told: by email, only in the server log (no SMTP), or not at all (the email failed). */
export type InvitationDelivery =
  { channel: 'email'; sent: true } | { channel: 'log'; sent: false } | { channel: 'email'; sent: false; error: string };

export interface SentInvitation {
  invitation: InvitationResource;
  /** The only copy of the link: the page shows it once, for the admin to copy. */
  acceptUrl: string;
  delivery: InvitationDelivery;
}

/**
 * Creates an invitation (`createInvitation`: ADMIN and up, role no higher than the inviter's) and tells the invitee
 * through `mailer`. A failed email does not undo the invitation: the link still works and the page shows it, so the
 * admin can send it another way; the failure comes back in `delivery` instead of as an error.
 */
export async function sendInvitation(
  deps: OrgDeps,
  user: SessionUser,
  input: CreateInvitationInput,
  mailer: InvitationMailer,
): Promise<SentInvitation> {
  const { invitation, acceptUrl } = await createInvitation(deps, user, input);
  const tenant = await deps.db.global.tenant.findFirst({
    where: { OR: [{ id: input.tenant }, { slug: input.tenant }] },
    select: { name: true },
  });
  try {
    await mailer.send({
      to: invitation.email,
      organizationName: tenant?.name ?? input.tenant,
      role: invitation.role,
      acceptUrl,
      expiresAt: new Date(invitation.expiresAt),
      invitedBy: user.email,
    });
  } catch (error) {
    return {
      invitation,
      acceptUrl,
      delivery: { channel: 'email', sent: false, error: error instanceof Error ? error.message : String(error) },
    };
  }
  return {
    invitation,
    acceptUrl,
    delivery: mailer.channel === 'email' ? { channel: 'email', sent: true } : { channel: 'log', sent: false },
  };
}
