import { buildCiSnippets } from '@mcptest/core';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { ConfirmAction } from '@/components/settings/confirm-action';
import { CreateTokenForm } from '@/components/settings/create-token-form';
import { TimeStamp } from '@/components/time-stamp';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { listProjects } from '@/server/services/projects/list-projects';
import type { TokenResource } from '@/server/services/tokens/token-schemas';
import { listTokens } from '@/server/services/tokens/list-tokens';
import { loadOrgPage } from '@/server/ui/load-org-page';
import { createTokenAction, revokeTokenAction } from './actions';
import { ACTIONS_COLUMN, DataTable } from '@/components/data-table';

export const metadata = { title: 'API tokens · mcptest' };

interface Props {
  params: Promise<{ org: string }>;
  searchParams: Promise<{ cursor?: string }>;
}

/** The organization's API tokens (ADMIN and up, like the API's token endpoints): list, create (shown once), revoke. */
export default async function TokensPage({ params, searchParams }: Props) {
  const { org } = await params;
  const { cursor } = await searchParams;
  const path = `/o/${org}/settings/tokens`;
  const ctx = await loadOrgPage(org, path, 'ADMIN');
  const [page, projects] = await Promise.all([
    listTokens(ctx.deps, ctx.actor, { limit: 20, cursor }),
    listProjects(ctx.deps, ctx.actor, { limit: 100 }),
  ]);
  const names = new Map(projects.items.map((p) => [p.id, p.name]));
  // A token of an older project than the 100 listed: look its name up (a page holds at most 20 tokens).
  for (const id of new Set(page.items.map((t) => t.projectId))) {
    if (id && !names.has(id)) names.set(id, (await getProjectOrThrow(ctx.deps, ctx.actor, id)).name);
  }
  const now = new Date();
  return (
    <main className="page" id="main">
      <PageHeader
        title="API tokens"
        description={
          <>
            For the REST API, CI (<code>mcptest ci</code>) and the MCP endpoint. Send one as{' '}
            <code>authorization: Bearer mcpt_…</code>. A token is shown once, when it is created; only its first
            characters are kept to tell tokens apart.
          </>
        }
      />
      {page.items.length === 0 && !cursor ? (
        <EmptyState title="No API tokens yet">
          <p>
            Create one below to trigger runs from CI: a <strong>run</strong> token restricted to one project is all a
            pipeline needs. Then{' '}
            <code>{buildCiSnippets({ appUrl: ctx.deps.appUrl, suiteId: '<suite id>' }).shell}</code> runs a suite and
            fails the build when it fails (each suite’s page has the command with its id, and a GitHub Actions job).
          </p>
        </EmptyState>
      ) : (
        <>
          <DataTable
            caption="API tokens, newest first"
            columns={['Name', 'Scope', 'Project', 'Expires', 'Last used', 'Status', ACTIONS_COLUMN]}
            className="settings-table"
          >
            {page.items.map((token) => {
              const status = tokenStatus(token, now);
              return (
                <tr key={token.id}>
                  <th scope="row">
                    <span className="settings-name">{token.name}</span>
                    <span className="settings-sub">
                      <code>{token.prefix}…</code> · created <TimeStamp value={token.createdAt} />
                    </span>
                  </th>
                  <td data-label="Scope">{token.scopes.at(-1)}</td>
                  <td data-label="Project">
                    {token.projectId ? (
                      (names.get(token.projectId) ?? token.projectId)
                    ) : (
                      <span className="muted">All projects</span>
                    )}
                  </td>
                  <td data-label="Expires">
                    {token.expiresAt ? <TimeStamp value={token.expiresAt} /> : <span className="muted">never</span>}
                  </td>
                  <td data-label="Last used">
                    <TimeStamp value={token.lastUsedAt} />
                  </td>
                  <td data-label="Status">
                    <span className={`pill ${status.className}`}>{status.label}</span>
                    {token.revokedAt ? (
                      <span className="settings-sub">
                        <TimeStamp value={token.revokedAt} />
                      </span>
                    ) : null}
                  </td>
                  <td className="settings-actions">
                    {status.label === 'Active' ? (
                      <ConfirmAction
                        action={revokeTokenAction}
                        fields={{ org, tokenId: token.id }}
                        label="Revoke"
                        ariaLabel={`Revoke ${token.name}`}
                        question={`Revoke “${token.name}”? Everything using it gets 401 from now on. This cannot be undone.`}
                        confirmLabel="Revoke token"
                        pendingText="Revoking…"
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
          <Pagination basePath={path} params={{ cursor }} nextCursor={page.nextCursor} label="Token pages" />
        </>
      )}
      <CreateTokenForm
        org={org}
        action={createTokenAction}
        projects={projects.items.map((p) => ({ id: p.id, name: p.name }))}
        moreProjects={projects.nextCursor !== null}
        appUrl={ctx.deps.appUrl}
      />
    </main>
  );
}

function tokenStatus(token: TokenResource, now: Date): { label: string; className: string } {
  if (token.revokedAt) return { label: 'Revoked', className: 'pill-bad' };
  if (token.expiresAt && new Date(token.expiresAt) <= now) return { label: 'Expired', className: 'pill-warn' };
  return { label: 'Active', className: 'pill-ok' };
}
