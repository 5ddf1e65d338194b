import { NavLinks } from '@/components/nav-links';

/** A server's pages as tabs under its header: the overview (connection, discovery, details), its
 * conformance, its auth posture and its surface (drift and approval). */
export function ServerTabs({ org, serverId }: { org: string; serverId: string }) {
  const base = `/o/${org}/servers/${serverId}`;
  return (
    <nav aria-label="Server" className="tabs servers-tabs">
      <NavLinks
        links={[
          { href: base, label: 'Overview', exact: true },
          { href: `${base}/conformance`, label: 'Conformance' },
          { href: `${base}/auth-posture`, label: 'Auth posture' },
          { href: `${base}/surface`, label: 'Surface' },
        ]}
      />
    </nav>
  );
}
