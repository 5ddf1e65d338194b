import Link from 'next/link';
import { PageHeader } from '@/components/page-header';
import { AuthorizationPanel } from '@/components/servers/authorization-panel';
import { ConnectionPanel } from '@/components/servers/connection-panel';
import { DeleteServerForm } from '@/components/servers/delete-server-form';
import { DiscoveryView } from '@/components/servers/discovery-view';
import { EditServerForm } from '@/components/servers/edit-server-form';
import { HeaderList } from '@/components/servers/header-list';
import { ServerTabs } from '@/components/servers/server-tabs';
import { PROTOCOL_OPTIONS, TRANSPORT_LABELS } from '@/components/servers/tool-labels';
import { TimeStamp } from '@/components/time-stamp';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { getAllowedAddresses } from '@/server/services/servers/get-allowed-addresses';
import { getServer } from '@/server/services/servers/get-server';
import { getServerDiscovery } from '@/server/services/servers/get-server-discovery';
import { readConnectOutcome } from '@/server/services/server-authorization/connect-outcome';
import { detectServerOAuth } from '@/server/services/server-authorization/detect-server-oauth';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import {
  connectClientCredentialsAction,
  connectionAction,
  connectServerAction,
  deleteServerAction,
  disconnectServerAction,
  removeServerHeaderAction,
  setServerHeaderAction,
  updateServerAction,
} from './actions';
import '@/styles/servers.css';

export const metadata = { title: 'Server · mcptest' };

interface Props {
  params: Promise<{ org: string; serverId: string }>;
  searchParams: Promise<{ registered?: string; connect?: string }>;
}

/**
 * One registered MCP server: where it is, its headers (names only), connection test and discovery, and the last
 * discovery as stored (tools, classes and their source, policy decisions, lints, schemas, what changed).
 */
export default async function ServerPage({ params, searchParams }: Props) {
  const { org, serverId } = await params;
  const { registered, connect } = await searchParams;
  const ctx = await loadOrgPage(org, `/o/${org}/servers/${serverId}`);
  const server = await orNotFound(getServer(ctx.deps, ctx.actor, serverId));
  const [project, discovery] = await Promise.all([
    getProjectOrThrow(ctx.deps, ctx.actor, server.projectId),
    getServerDiscovery(ctx.deps, ctx.actor, serverId),
  ]);
  const canEdit = ctx.can('MEMBER');
  // Only a member may make the server a request; a connected server needs no probe.
  const [detected, outcome] = await Promise.all([
    canEdit && server.authorization === null ? detectServerOAuth(ctx.deps, ctx.actor, serverId) : false,
    connect === 'done' ? readConnectOutcome(ctx.deps, ctx.user.userId, serverId) : null,
  ]);
  const projectHref = `/o/${org}/projects/${project.id}`;
  return (
    <main className="page" id="main">
      <PageHeader
        title={server.name}
        crumbs={[
          { href: `/o/${org}`, label: 'Projects' },
          { href: projectHref, label: project.name },
        ]}
        description={
          <>
            <code className="servers-url">{server.url}</code> · {TRANSPORT_LABELS[server.transport]}
          </>
        }
      />
      <ServerTabs org={org} serverId={server.id} />
      <ConnectionPanel
        org={org}
        serverId={server.id}
        canRun={canEdit}
        justRegistered={registered === '1' && discovery === null}
        action={connectionAction}
      />
      <AuthorizationPanel
        org={org}
        serverId={server.id}
        authorization={server.authorization}
        detected={detected}
        outcome={outcome}
        canEdit={canEdit}
        connectAction={connectServerAction}
        clientCredentialsAction={connectClientCredentialsAction}
        disconnectAction={disconnectServerAction}
      />
      <DiscoveryView
        discovery={discovery}
        canRun={canEdit}
        policyHref={`/o/${org}/settings`}
        starterHref={canEdit && discovery ? `${projectHref}/suites/new?from=${server.id}` : null}
      />
      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <dl className="servers-facts">
          <dt>URL</dt>
          <dd>
            <code className="servers-url">{server.url}</code>
          </dd>
          <dt>Transport</dt>
          <dd>{TRANSPORT_LABELS[server.transport]}</dd>
          <dt>MCP protocol</dt>
          <dd>{PROTOCOL_OPTIONS.find((option) => option.value === server.protocol)?.label ?? server.protocol}</dd>
          <dt>Project</dt>
          <dd>
            <Link href={projectHref}>{project.name}</Link>
          </dd>
          <dt>Registered</dt>
          <dd>
            <TimeStamp value={server.createdAt} />
          </dd>
          <dt>Last discovery</dt>
          <dd>
            <TimeStamp value={server.discoveredAt} />
          </dd>
        </dl>
        <h3>Headers</h3>
        <HeaderList
          org={org}
          server={server}
          canEdit={canEdit}
          setAction={setServerHeaderAction}
          removeAction={removeServerHeaderAction}
        />
        {canEdit ? (
          <details className="servers-inline-details">
            <summary>Edit name, URL, transport or protocol</summary>
            <EditServerForm
              org={org}
              server={server}
              action={updateServerAction}
              addresses={getAllowedAddresses(ctx.deps)}
            />
          </details>
        ) : null}
      </section>
      {canEdit ? (
        <section className="card servers-danger" aria-labelledby="delete-title">
          <h2 id="delete-title">Delete server</h2>
          <DeleteServerForm org={org} serverId={server.id} serverName={server.name} action={deleteServerAction} />
        </section>
      ) : null}
    </main>
  );
}
