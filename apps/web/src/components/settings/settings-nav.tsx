import { NavLinks } from '@/components/nav-links';

/** The settings sections; API tokens only for those who may manage them (ADMIN and up), the page checks again. */
export function SettingsNav({ org, admin }: { org: string; admin: boolean }) {
  const base = `/o/${org}/settings`;
  return (
    <nav aria-label="Settings" className="tabs settings-tabs">
      <NavLinks
        links={[
          { href: base, label: 'Policy', exact: true },
          ...(admin ? [{ href: `${base}/tokens`, label: 'API tokens' }] : []),
          { href: `${base}/webhooks`, label: 'Webhooks' },
          { href: `${base}/badges`, label: 'Badges' },
        ]}
      />
    </nav>
  );
}
