import { PageHeader } from '../../../../components/page-header';
import { Pagination } from '../../../../components/pagination';
import { parseRunFilters } from '../../../../components/runs/parse-run-filters';
import { RunFilters } from '../../../../components/runs/run-filters';
import { RunsEmpty } from '../../../../components/runs/runs-empty';
import { RunsTable } from '../../../../components/runs/runs-table';
import { listRunSuiteNames } from '../../../../server/services/runs/list-run-suite-names';
import { listRuns } from '../../../../server/services/runs/list-runs';
import { loadOrgPage } from '../../../../server/ui/load-org-page';
import '../../../../styles/runs.css';

export const metadata = { title: 'Runs · mcptest' };

interface Props {
  params: Promise<{ org: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Every run of the organization, newest first, filtered by suite, status, trigger or branch. */
export default async function RunsPage({ params, searchParams }: Props) {
  const { org } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/runs`);
  const { values, cursor, ignored } = parseRunFilters(await searchParams);
  const path = `/o/${org}/runs`;
  const [page, choices] = await Promise.all([
    listRuns(ctx.deps, ctx.actor, {
      limit: 20,
      ...(cursor ? { cursor } : {}),
      ...(values.suiteId ? { suiteId: values.suiteId } : {}),
      ...(values.status ? { status: values.status as 'queued' } : {}),
      ...(values.trigger ? { trigger: values.trigger as 'api' } : {}),
      ...(values.branch ? { branch: values.branch } : {}),
    }).catch((error: unknown) => {
      // A cursor from an old or edited link: start again from the newest runs rather than fail the page.
      if ((error as { code?: string }).code === 'validation_failed' && cursor) return null;
      throw error;
    }),
    listRunSuiteNames(ctx.deps, ctx.actor),
  ]);
  // The choices cover the first 100 suites; a page may hold runs of others, so name those too.
  const known = new Set(choices.items.map((s) => s.id));
  const missing = [...new Set((page?.items ?? []).map((r) => r.suiteId))].filter((id) => !known.has(id));
  const extra = missing.length ? (await listRunSuiteNames(ctx.deps, ctx.actor, { ids: missing })).items : [];
  const suiteNames = Object.fromEntries([...choices.items, ...extra].map((s) => [s.id, s]));
  const filtered = Boolean(values.status || values.trigger || values.branch || values.suiteId);
  return (
    <main className="page" id="main">
      <PageHeader title="Runs" description="Every run of every suite in this organization, newest first." />
      {/* Filters are noise until there is something to filter. */}
      {filtered || cursor || (page?.items.length ?? 0) > 0 ? (
        <RunFilters path={path} values={values} suites={choices.items} suitesTruncated={choices.truncated} />
      ) : null}
      {ignored.length ? (
        <p className="form-error" role="alert">
          Ignored {ignored.join(' and ')}: not a filter this list knows.
        </p>
      ) : null}
      {page === null ? (
        <p className="form-error" role="alert">
          This page link has expired. <a href={path}>Start from the newest runs</a>.
        </p>
      ) : page.items.length === 0 && !cursor ? (
        <RunsEmpty org={org} appUrl={ctx.deps.appUrl} filtered={filtered} clearHref={path} />
      ) : (
        <>
          <RunsTable org={org} runs={page.items} caption="Runs, newest first" suiteNames={suiteNames} />
          <Pagination basePath={path} params={{ ...values, cursor }} nextCursor={page.nextCursor} label="Older runs" />
        </>
      )}
    </main>
  );
}
