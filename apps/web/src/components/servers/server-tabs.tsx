import { NavLinks } from '@/components/nav-links';

/**
 * A server's pages as tabs under its header: the overview (connection, discovery, details), the coverage of its tools
 * by its suites, its surface (drift and approval), its conformance, its auth posture, its latency and its uptime
 * monitor.
 */
export function ServerTabs({ org, serverId }: { org: string; serverId: string }) {
  const base = `/o/${org}/servers/${serverId}`;
  return (
    <nav aria-label="Server" className="tabs servers-tabs">
      <NavLinks
        links={[
          { href: base, label: 'Overview', exact: true },
          { href: `${base}/coverage`, label: 'Coverage' },
          { href: `${base}/surface`, label: 'Surface' },
          { href: `${base}/conformance`, label: 'Conformance' },
          { href: `${base}/auth-posture`, label: 'Auth posture' },
          { href: `${base}/latency`, label: 'Latency' },
          { href: `${base}/monitor`, label: 'Monitor' },
        ]}
      />
    </nav>
  );
}
