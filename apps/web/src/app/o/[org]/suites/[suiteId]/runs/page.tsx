import { Pagination } from '../../../../../../components/pagination';
import { parseRunFilters } from '../../../../../../components/runs/parse-run-filters';
import { RunFilters } from '../../../../../../components/runs/run-filters';
import { RunsEmpty } from '../../../../../../components/runs/runs-empty';
import { RunsTable } from '../../../../../../components/runs/runs-table';
import { listRuns } from '../../../../../../server/services/runs/list-runs';
import { getSuiteOrThrow } from '../../../../../../server/services/suites/get-suite-or-throw';
import { loadOrgPage, orNotFound } from '../../../../../../server/ui/load-org-page';
import '../../../../../../styles/runs.css';

export const metadata = { title: 'Suite runs · mcptest' };

interface Props {
  params: Promise<{ org: string; suiteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Every run of one suite, newest first, filtered by status, trigger or branch (the URL holds the filters). */
export default async function SuiteRunsPage({ params, searchParams }: Props) {
  const { org, suiteId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/suites/${suiteId}/runs`);
  const suite = await orNotFound(getSuiteOrThrow(ctx.deps, ctx.actor, suiteId));
  const { values, cursor, ignored } = parseRunFilters(await searchParams);
  const path = `/o/${org}/suites/${suiteId}/runs`;
  const page = await listRuns(ctx.deps, ctx.actor, {
    limit: 20,
    suiteId: suite.id,
    ...(cursor ? { cursor } : {}),
    ...(values.status ? { status: values.status as 'queued' } : {}),
    ...(values.trigger ? { trigger: values.trigger as 'api' } : {}),
    ...(values.branch ? { branch: values.branch } : {}),
  }).catch((error: unknown) => {
    // A cursor from an old or edited link: start again from the newest runs rather than fail the page.
    if ((error as { code?: string }).code === 'validation_failed' && cursor) return null;
    throw error;
  });
  const filtered = Boolean(values.status || values.trigger || values.branch);
  return (
    <main className="page" id="main">
      <h1>Runs</h1>
      {/* Filters are noise until there is something to filter. */}
      {filtered || cursor || (page?.items.length ?? 0) > 0 ? <RunFilters path={path} values={values} /> : null}
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
        <RunsEmpty org={org} appUrl={ctx.deps.appUrl} filtered={filtered} clearHref={path} suiteId={suite.id} />
      ) : (
        <>
          <RunsTable org={org} runs={page.items} caption={`Runs of ${suite.name}, newest first`} />
          <Pagination basePath={path} params={{ ...values, cursor }} nextCursor={page.nextCursor} label="Older runs" />
        </>
      )}
    </main>
  );
}
