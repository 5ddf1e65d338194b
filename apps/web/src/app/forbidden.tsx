import Link from 'next/link';

/** Shown with status 403 when a member's role is below what the page needs (`forbidden()` in loadOrgPage). */
export default function Forbidden() {
  return (
    <main className="page" id="main">
      <h1>You cannot do this here</h1>
      <p>
        Your role in this organization does not allow this page. An owner or admin of the organization can change your
        role on its Members page.
      </p>
      <p>
        <Link href="/orgs">Back to your organizations</Link>
      </p>
    </main>
  );
}
