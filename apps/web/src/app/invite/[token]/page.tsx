import Link from 'next/link';
import { roleLabel, ROLE_CHOICES } from '@/components/members/roles';
import { TimeStamp } from '@/components/time-stamp';
import { requireUser } from '@/server/auth/require-user';
import { previewInvitation, type InvitationPreview } from '@/server/orgs/preview-invitation';
import { getServiceDeps } from '@/server/services/get-service-deps';
import { AcceptForm } from './accept-form';
import { switchAccountAction } from './actions';
import '@/styles/settings.css';

export const metadata = { title: 'Invitation · mcptest' };

/**
 * The page an invitation link opens. A signed-out visitor signs in first and comes back here; then the page names
 * the organization and the role, and the invitee accepts (nothing is used by looking). Links that cannot be used say
 * why, and a visitor signed in with another address is offered to switch.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const session = await requireUser(`/invite/${token}`);
  const user = { userId: session.userId, email: session.email ?? '' };
  let preview: InvitationPreview;
  try {
    preview = await previewInvitation(getServiceDeps(), user, { token });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'not_found' && code !== 'conflict' && code !== 'validation_failed') throw error;
    const message =
      code === 'conflict'
        ? (error as Error).message
        : 'this invitation link is not valid (it may have been revoked or mistyped)';
    return (
      <main className="page invite" id="main">
        <h1>This invitation cannot be used</h1>
        <p role="alert">{message.charAt(0).toUpperCase() + message.slice(1)}.</p>
        <p>Ask an admin of the organization to invite you again: a new link replaces the old one.</p>
        <p>
          <Link href="/orgs">Go to your organizations</Link>
        </p>
      </main>
    );
  }

  const { organization, role } = preview;
  return (
    <main className="page invite" id="main">
      <p className="brand">mcptest</p>
      <h1>Join {organization.name}</h1>
      <section className="card" aria-labelledby="invite-summary">
        <h2 id="invite-summary" className="sr-only">
          Invitation
        </h2>
        <p>
          You are invited to <span className="invite-org">{organization.name}</span> as{' '}
          <strong>{roleLabel(role)}</strong>.
        </p>
        <p className="muted">{ROLE_CHOICES.find((r) => r.value === role)?.can}</p>
        <p className="muted">
          Sent to {preview.email}; the link works once, until <TimeStamp value={preview.expiresAt} />.
        </p>
        {preview.alreadyMember ? (
          <p>
            You already belong to {organization.name}.{' '}
            <Link href={`/o/${organization.slug}`}>Open {organization.name}</Link>
          </p>
        ) : preview.emailMatches ? (
          <AcceptForm token={token} organization={organization.name} />
        ) : (
          <>
            <p role="alert">
              You are signed in as <strong>{user.email || 'a user without an email address'}</strong>, but this
              invitation is for <strong>{preview.email}</strong>. Sign in with that address to accept it.
            </p>
            <form action={switchAccountAction}>
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="btn btn-primary">
                Sign out and sign in as {preview.email}
              </button>
            </form>
          </>
        )}
      </section>
    </main>
  );
}
