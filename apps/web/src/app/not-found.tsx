import Link from 'next/link';

/** One 404 for everything: unknown pages, and other organizations' resources (which must look the same). */
export default function NotFound() {
  return (
    <main className="page" id="main">
      <h1>Not found</h1>
      <p>There is nothing here, or it belongs to an organization you are not a member of.</p>
      <p>
        <Link href="/orgs">Your organizations</Link>
      </p>
    </main>
  );
}
