import { PageHeader } from '@/components/page-header';
import { parseRunFilters } from '@/components/runs/parse-run-filters';
import { RunFilters } from '@/components/runs/run-filters';
import { RunHistory } from '@/components/runs/run-history';
import { listRunSuiteNames } from '@/server/services/runs/list-run-suite-names';
import { loadOrgPage } from '@/server/ui/load-org-page';
import { loadRunHistory } from '@/server/ui/load-run-history';
import '@/styles/runs.css';

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
    loadRunHistory(ctx.deps, ctx.actor, { values, ...(cursor ? { cursor } : {}) }),
    listRunSuiteNames(ctx.deps, ctx.actor),
  ]);
  // The choices cover the first 100 suites; a page may hold runs of others, so name those too.
  const known = new Set(choices.items.map((s) => s.id));
  const missing = [...new Set((page?.items ?? []).map((r) => r.suiteId))].filter((id) => !known.has(id));
  const extra = missing.length ? (await listRunSuiteNames(ctx.deps, ctx.actor, { ids: missing })).items : [];
  const suiteNames = Object.fromEntries([...choices.items, ...extra].map((s) => [s.id, s]));
  return (
    <main className="page" id="main">
      <PageHeader title="Runs" description="Every run of every suite in this organization, newest first." />
      <RunHistory
        org={org}
        appUrl={ctx.deps.appUrl}
        path={path}
        page={page}
        {...(cursor ? { cursor } : {})}
        values={values}
        ignored={ignored}
        filters={<RunFilters path={path} values={values} suites={choices.items} suitesTruncated={choices.truncated} />}
        caption="Runs, newest first"
        suiteNames={suiteNames}
      />
    </main>
  );
}
