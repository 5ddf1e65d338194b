import { EmptyState } from '@/components/empty-state';
import { LatencyChart } from '@/components/latency/latency-chart';
import { parseLatencyRuns } from '@/components/latency/parse-latency-runs';
import { ToolLatencyTable } from '@/components/latency/tool-latency-table';
import { getSuiteLatency } from '@/server/services/latency/get-suite-latency';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import '@/styles/latency.css';

export const metadata = { title: 'Suite latency · mcptest' };

interface Props {
  params: Promise<{ org: string; suiteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * A suite's Latency tab: p50/p95/p99 per tool over its last runs (the SLO's window, or `?runs=`), each tool's target
 * and verdict when the suite has an `slo:`, and the per-run trend with the target line and the runs in breach.
 */
export default async function SuiteLatencyPage({ params, searchParams }: Props) {
  const { org, suiteId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/suites/${suiteId}/latency`);
  const latency = await orNotFound(getSuiteLatency(ctx.deps, ctx.actor, suiteId, parseLatencyRuns(await searchParams)));
  const slo = latency.slo;
  return (
    <main className="page" id="main">
      <h1>Latency</h1>
      <p className="muted">
        {slo
          ? `SLO: ${(['p50', 'p95', 'p99'] as const)
              .flatMap((p) => (slo.targets[p] === undefined ? [] : [`${p} ≤ ${slo.targets[p]} ms`]))
              .concat(Object.keys(slo.tools).map((tool) => `${tool}: own targets`))
              .join(
                ', ',
              )} per tool over the last ${slo.over} runs. A tool is judged once ${latency.minRuns} runs of the window called it.`
          : 'No SLO: add `slo: { p95_ms: 800, over: 20 }` to the suite to be told when a tool gets slow.'}{' '}
        Durations are those of passed and failed assertions that called a tool (the session, setup steps and the call).
      </p>
      {latency.tools.length === 0 ? (
        <EmptyState title="No calls measured yet">
          <p>Latency appears once a run of this suite has passed or failed with at least one tool call.</p>
        </EmptyState>
      ) : (
        <>
          <section className="card" aria-labelledby="latency-tools-title">
            <h2 id="latency-tools-title">Per tool, last {latency.windowRuns} runs</h2>
            <ToolLatencyTable
              latency={latency}
              caption={`p50, p95 and p99 per tool over the last ${latency.windowRuns} runs`}
              withSlo={slo !== null}
            />
          </section>
          <div className="card">
            <LatencyChart title="Trend" trend={latency.trend} targetMs={slo?.targets.p95} runsPath={`/o/${org}/runs`} />
          </div>
        </>
      )}
    </main>
  );
}
