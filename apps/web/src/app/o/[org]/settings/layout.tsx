import type { ReactNode } from 'react';
import { SettingsNav } from '@/components/settings/settings-nav';
import { loadOrgLayout } from '@/server/ui/load-org-page';
import '@/styles/settings.css';

/** The organization's settings share one frame: their sections as tabs (policy, API tokens, webhooks, badges). */
export default async function SettingsLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ org: string }>;
}) {
  const { org } = await params;
  const ctx = await loadOrgLayout(org);
  // Signed out: the page below redirects to sign-in with its own path (loadOrgLayout says why).
  if (!ctx) return <>{children}</>;
  return (
    <div className="settings-frame">
      {/* A named region, so the kicker is inside a landmark like everything else on the page (axe `region`). */}
      <section className="settings-heading" aria-labelledby="settings-kicker">
        <p className="settings-kicker" id="settings-kicker">
          Organization settings
        </p>
        <SettingsNav org={org} admin={ctx.can('ADMIN')} />
      </section>
      {children}
    </div>
  );
}
