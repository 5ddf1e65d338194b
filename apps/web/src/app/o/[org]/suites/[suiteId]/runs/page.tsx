import { parseRunFilters } from '@/components/runs/parse-run-filters';
import { RunFilters } from '@/components/runs/run-filters';
import { RunHistory } from '@/components/runs/run-history';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { loadRunHistory } from '@/server/ui/load-run-history';
import '@/styles/runs.css';

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
  const parsed = parseRunFilters(await searchParams);
  // The suite is the page's own: a suiteId in the URL filters nothing here.
  const { suiteId: _other, ...values } = parsed.values;
  const { cursor, ignored } = parsed;
  const path = `/o/${org}/suites/${suiteId}/runs`;
  const page = await loadRunHistory(ctx.deps, ctx.actor, { values, suiteId: suite.id, ...(cursor ? { cursor } : {}) });
  return (
    <main className="page" id="main">
      <h1>Runs</h1>
      <RunHistory
        org={org}
        appUrl={ctx.deps.appUrl}
        path={path}
        page={page}
        {...(cursor ? { cursor } : {})}
        values={values}
        ignored={ignored}
        filters={<RunFilters path={path} values={values} />}
        caption={`Runs of ${suite.name}, newest first`}
        suiteId={suite.id}
      />
    </main>
  );
}
