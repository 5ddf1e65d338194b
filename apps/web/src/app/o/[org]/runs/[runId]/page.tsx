import Link from 'next/link';
import { CoverageTable } from '@/components/coverage/coverage-table';
import { PageHeader } from '@/components/page-header';
import { ActionButton } from '@/components/settings/action-button';
import { CancelRunForm } from '@/components/runs/cancel-run-form';
import { formatDuration, isActive, shortId, summaryText, triggerLabel } from '@/components/runs/format';
import { ResultItem } from '@/components/runs/result-item';
import { RunLive } from '@/components/runs/run-live';
import { RunStatusLine } from '@/components/runs/run-status-line';
import { TranscriptDetails } from '@/components/runs/transcript-details';
import { TimeStamp } from '@/components/time-stamp';
import { RunSurfaceDriftSection } from '@/components/surface/run-surface-drift';
import { getRunSurfaceDrift } from '@/server/services/surface/get-run-surface-drift';
import { getRunWithResults } from '@/server/services/runs/get-run-with-results';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { getSuiteVersion } from '@/server/services/suites/list-suite-versions';
import { countAssertions } from '@/components/runs/count-assertions';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import '@/styles/runs.css';
import '@/styles/servers.css';
import { cancelRunAction } from './cancel-action';
import { rerunAction } from './rerun-action';

export const metadata = { title: 'Run · mcptest' };

interface Props {
  params: Promise<{ org: string; runId: string }>;
}

/**
 * One run: what started it, its verdict, regressions against the baseline, and every assertion with why it failed and
 * its JSON-RPC transcript. While the run is queued or running, the results arrive live (server-sent events).
 */
export default async function RunPage({ params }: Props) {
  const { org, runId } = await params;
  const base = `/o/${org}/runs/${runId}`;
  const ctx = await loadOrgPage(org, base);
  const { run, results, coverage } = await orNotFound(getRunWithResults(ctx.deps, ctx.actor, runId));
  const [suite, surface] = await Promise.all([
    getSuiteOrThrow(ctx.deps, ctx.actor, run.suiteId),
    getRunSurfaceDrift(ctx.deps, ctx.actor, runId),
  ]);
  const active = isActive(run.status);
  // The live bar's total: the assertions of the version this run executes (one result each).
  const plannedTotal = active
    ? countAssertions(
        run.suiteVersion === suite.version
          ? suite.yaml
          : (await getSuiteVersion(ctx.deps, ctx.actor, suite.id, run.suiteVersion).catch(() => null))?.yaml,
      )
    : undefined;
  const regressed = new Set(run.regressions.map((r) => r.name));
  // The regressions summary links to each result (the first trial of that name).
  const anchorOf = new Map<string, string>();
  for (const result of results) if (!anchorOf.has(result.name)) anchorOf.set(result.name, `result-${result.id}`);
  return (
    <main className="page runs-page" id="main">
      <PageHeader
        title={`Run #${shortId(run.id)}`}
        crumbs={[
          { href: `/o/${org}/runs`, label: 'Runs' },
          { href: `/o/${org}/suites/${suite.id}`, label: suite.name },
        ]}
        actions={
          active ? (
            ctx.can('MEMBER') ? (
              <CancelRunForm org={org} runId={run.id} action={cancelRunAction} />
            ) : null
          ) : (
            <>
              {ctx.can('MEMBER') && suite.enabled ? (
                <ActionButton
                  action={rerunAction}
                  fields={{ org, runId: run.id }}
                  label="Re-run"
                  pendingText="Queuing…"
                  variant="primary"
                />
              ) : null}
              <a className="btn btn-secondary btn-small" href={`${base}/junit.xml`} download>
                Download JUnit
              </a>
              <a className="btn btn-secondary btn-small" href={`${base}/report.md`} download>
                Download Markdown
              </a>
            </>
          )
        }
      />

      {active ? null : <RunStatusLine status={run.status} note={summaryText(run.summary)} />}

      <dl className="runs-facts">
        <div>
          <dt>Suite</dt>
          <dd>
            <Link href={`/o/${org}/suites/${suite.id}`}>{suite.name}</Link>{' '}
            <span className="muted">version {run.suiteVersion}</span>
          </dd>
        </div>
        <div>
          <dt>Trigger</dt>
          <dd>{triggerLabel(run.trigger)}</dd>
        </div>
        <div>
          <dt>Branch · commit</dt>
          <dd>
            {run.branch ?? <span className="muted">—</span>}
            {run.commitSha ? <code className="runs-sub">{run.commitSha}</code> : null}
          </dd>
        </div>
        <div>
          <dt>Queued</dt>
          <dd>
            <TimeStamp value={run.queuedAt} />
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            {run.startedAt ? (
              <TimeStamp value={run.startedAt} />
            ) : (
              <span className="muted">{active ? 'not yet' : 'never'}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>
            {active ? (
              <span className="muted">running…</span>
            ) : run.startedAt ? (
              formatDuration(run.durationMs)
            ) : (
              <span className="muted">—</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Tool calls</dt>
          <dd>{active ? <span className="muted">counted at the end</span> : run.callsUsed}</dd>
        </div>
        <div>
          <dt>HTTP requests</dt>
          <dd>{active ? <span className="muted">counted at the end</span> : run.requestsUsed}</dd>
        </div>
        <div>
          <dt>MCP protocol</dt>
          <dd>
            {run.protocolVersion ?? (
              <span className="muted">{active ? 'recorded at the end' : 'no session opened'}</span>
            )}
          </dd>
        </div>
      </dl>

      {run.error ? (
        run.status === 'error' ? (
          <div className="runs-error" role="alert">
            <strong>The run stopped with an error:</strong> {run.error}
          </div>
        ) : (
          <p className="runs-notice">
            {run.status === 'cancelled' ? 'Cancelled: ' : 'The run stopped early: '}
            {run.error}
          </p>
        )
      ) : null}

      {active ? (
        <RunLive
          eventsUrl={`${base}/events`}
          initialStatus={run.status as 'queued' | 'running'}
          initialResults={results}
          total={plannedTotal}
        />
      ) : (
        <>
          {run.summary.total === 0 ? null : (
            <ul className="runs-counts" aria-label="Summary">
              <li>
                <span className="runs-count">{run.summary.total}</span> total
              </li>
              <li className="runs-count-pass">
                <span className="runs-count">{run.summary.passed}</span> passed
              </li>
              <li className="runs-count-fail">
                <span className="runs-count">{run.summary.failed}</span> failed
              </li>
              <li className="runs-count-skip">
                <span className="runs-count">{run.summary.skipped}</span> skipped
              </li>
            </ul>
          )}

          {run.regressions.length > 0 ? (
            <section className="runs-regressions" aria-labelledby="runs-regressions-title">
              <h2 id="runs-regressions-title">
                <span aria-hidden="true">▼ </span>Regressions
              </h2>
              <p>
                {run.regressions.length === 1 ? 'One assertion' : `${run.regressions.length} assertions`} passed in the
                suite’s baseline and {run.regressions.length === 1 ? 'does' : 'do'} not pass now:
              </p>
              <ul>
                {run.regressions.map((r) => (
                  <li key={r.name}>
                    <a href={`#${anchorOf.get(r.name) ?? ''}`}>
                      <strong>{r.name}</strong>
                    </a>
                    : {r.before.toLowerCase()} → {r.after.toLowerCase()}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {run.sloBreaches && run.sloBreaches.length > 0 ? (
            <section className="runs-regressions" aria-labelledby="runs-slo-title">
              <h2 id="runs-slo-title">
                <span aria-hidden="true">▼ </span>Latency SLO breached
              </h2>
              <p>
                Over the suite’s last runs, this one included, {run.sloBreaches.length === 1 ? 'a target' : 'targets'}{' '}
                of its <code>slo:</code> {run.sloBreaches.length === 1 ? 'is' : 'are'} not met (
                <Link href={`/o/${org}/suites/${suite.id}/latency`}>latency of the suite</Link>):
              </p>
              <ul>
                {run.sloBreaches.map((b) => (
                  <li key={`${b.tool} ${b.percentile}`}>
                    <code>{b.tool}</code> {b.percentile} {b.observedMs} ms, target {b.targetMs} ms ({b.samples} calls in{' '}
                    {b.runs} runs)
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {coverage ? (
            <section aria-labelledby="runs-coverage-title">
              <details className="runs-coverage">
                <summary>
                  <h2 id="runs-coverage-title">Coverage</h2>{' '}
                  <span className="muted">
                    {coverage.totals.covered} of {coverage.totals.tools} listed tools asserted on
                    {coverage.uncoveredRisky.length > 0
                      ? `; ${coverage.uncoveredRisky.length} mutating or destructive not covered`
                      : ''}
                  </span>
                </summary>
                <p className="muted">
                  The tools the server listed during this run; an assertion that was skipped covers nothing. Assertions
                  ran in risk-phase order (setup, read-only, low, medium, high) unless the suite says{' '}
                  <code>order: as_written</code>; results are listed in the order written.
                </p>
                <CoverageTable report={coverage} caption="Coverage of this run" />
              </details>
            </section>
          ) : null}
          {surface ? <RunSurfaceDriftSection org={org} serverId={surface.serverId} drift={surface.drift} /> : null}

          <section aria-labelledby="runs-results-title">
            <h2 id="runs-results-title">Results</h2>
            {results.length === 0 ? (
              <p className="muted">
                No assertion was recorded
                {run.status === 'cancelled' ? ': the run was cancelled before any finished.' : '.'}
              </p>
            ) : (
              <ol className="runs-results">
                {results.map((result) => (
                  <ResultItem
                    key={result.id}
                    id={`result-${result.id}`}
                    result={result}
                    regressed={regressed.has(result.name)}
                  >
                    {result.status !== 'SKIP' ? (
                      <TranscriptDetails url={`${base}/results/${result.id}/transcript`} />
                    ) : null}
                  </ResultItem>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </main>
  );
}
