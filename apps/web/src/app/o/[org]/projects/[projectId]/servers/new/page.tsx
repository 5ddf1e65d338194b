import { PageHeader } from '@/components/page-header';
import { RegisterServerForm } from '@/components/servers/register-server-form';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { getAllowedAddresses } from '@/server/services/servers/get-allowed-addresses';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { registerServerAction } from './actions';
import '@/styles/servers.css';

export const metadata = { title: 'Register a server · mcptest' };

interface Props {
  params: Promise<{ org: string; projectId: string }>;
}

/** Registers an MCP server in a project (MEMBER): name, URL, transport, write-only headers. */
export default async function RegisterServerPage({ params }: Props) {
  const { org, projectId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/projects/${projectId}/servers/new`, 'MEMBER');
  const project = await orNotFound(getProjectOrThrow(ctx.deps, ctx.actor, projectId));
  const addresses = getAllowedAddresses(ctx.deps);
  return (
    <main className="page" id="main">
      <PageHeader
        title="Register a server"
        crumbs={[
          { href: `/o/${org}`, label: 'Projects' },
          { href: `/o/${org}/projects/${project.id}`, label: project.name },
        ]}
        description="Tell mcptest where your remote MCP server is. Next you will test the connection and discover its tools; nothing is called until you run a suite."
      />
      <div className="servers-register">
        <RegisterServerForm org={org} projectId={project.id} action={registerServerAction} addresses={addresses} />
        <aside className="servers-aside" aria-labelledby="register-help">
          <h2 id="register-help">Good to know</h2>
          <ul>
            {addresses.loopback ? (
              <li>
                This deployment may reach the machine it runs on, so a local server works here too, e.g.{' '}
                <code>{addresses.localExample}</code>.
              </li>
            ) : (
              <li>
                mcptest connects from its own network, so the URL must be reachable from there
                {addresses.privateNetworks.length > 0 ? ' (the internet, or the private networks allowed)' : ''}. Local
                servers work with the CLI: <code>mcptest run suite.yaml --url {addresses.localExample}</code>.
              </li>
            )}
            <li>Header values (tokens, API keys) are encrypted at rest and never shown again, not even to admins.</li>
            <li>
              Before anything runs, every tool is classified: destructive tools are never called unless your policy
              allows it.
            </li>
          </ul>
        </aside>
      </div>
    </main>
  );
}
