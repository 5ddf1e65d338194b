import Link from 'next/link';
import { AuthPostureReport } from '@/components/auth-posture/auth-posture-report';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { shortId } from '@/components/runs/format';
import { RunServerCheckForm } from '@/components/servers/run-server-check-form';
import { ServerTabs } from '@/components/servers/server-tabs';
import { TRANSPORT_LABELS } from '@/components/servers/tool-labels';
import { getServerAuthPosture } from '@/server/services/auth-posture/get-server-auth-posture';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { getServer } from '@/server/services/servers/get-server';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { runAuthPostureAction } from './actions';
import '@/styles/servers.css';

export const metadata = { title: 'Auth posture · mcptest' };

interface Props {
  params: Promise<{ org: string; serverId: string }>;
}

/**
 * A server's Auth posture tab: the findings of the latest run of its `Auth posture` suite (severity, verdict,
 * rationale, spec references), and "Run auth-posture check". Before any run it explains what the check does.
 */
export default async function ServerAuthPosturePage({ params }: Props) {
  const { org, serverId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/servers/${serverId}/auth-posture`);
  const server = await orNotFound(getServer(ctx.deps, ctx.actor, serverId));
  const [project, posture] = await Promise.all([
    getProjectOrThrow(ctx.deps, ctx.actor, server.projectId),
    getServerAuthPosture(ctx.deps, ctx.actor, serverId),
  ]);
  const canRun = ctx.can('MEMBER');
  const runForm = canRun ? (
    <RunServerCheckForm
      org={org}
      serverId={server.id}
      action={runAuthPostureAction}
      label="Run auth-posture check"
      className="conformance-run"
    />
  ) : null;
  const inProgress = posture.inProgress ? (
    <p className="muted">
      A check is {posture.inProgress.status}:{' '}
      <Link href={`/o/${org}/runs/${posture.inProgress.id}`}>Run #{shortId(posture.inProgress.id)}</Link>.
    </p>
  ) : null;
  return (
    <main className="page" id="main">
      <PageHeader
        title={server.name}
        crumbs={[
          { href: `/o/${org}`, label: 'Projects' },
          { href: `/o/${org}/projects/${project.id}`, label: project.name },
        ]}
        description={
          <>
            <code className="servers-url">{server.url}</code> · {TRANSPORT_LABELS[server.transport]}
          </>
        }
      />
      <ServerTabs org={org} serverId={server.id} />
      {posture.run === null ? (
        <EmptyState title="Check what an attacker finds at this server’s authorization gate" action={runForm}>
          <p>
            The auth-posture check treats an OAuth-protected server as a resource server: a request without a token must
            get 401 with a <code>WWW-Authenticate: Bearer</code> challenge naming its protected-resource metadata, that
            document must be valid and name this server, and a garbage token, an expired JWT, an unsigned (
            <code>alg: none</code>) JWT, a JWT signed by an unknown key and a token in the query string must each be
            refused. Each finding has a severity and its spec references.
          </p>
          <p>
            It sends only <code>initialize</code> or <code>server/discover</code>, with a crafted token or none: it
            never calls a tool. Running makes a suite named <q>Auth posture</q> on this server.
          </p>
          {inProgress}
          {canRun ? null : <p>Your role is viewer: ask a member to run it.</p>}
        </EmptyState>
      ) : (
        <>
          {runForm ? (
            <section className="card" aria-labelledby="auth-posture-run-title">
              <h2 id="auth-posture-run-title">Run auth-posture check</h2>
              {runForm}
              {inProgress}
            </section>
          ) : (
            inProgress
          )}
          <AuthPostureReport org={org} posture={posture} />
        </>
      )}
    </main>
  );
}
