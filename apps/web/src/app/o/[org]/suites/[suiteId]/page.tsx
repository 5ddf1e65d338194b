import { buildCiSnippets } from '@mcptest/core';
import cronstrue from 'cronstrue';
import Link from 'next/link';
import { BadgeSnippets } from '@/components/badges/badge-snippets';
import { ActionButton } from '@/components/settings/action-button';
import { CiHelp } from '@/components/suites/ci-help';
import { formatDuration, shortId, summaryText, triggerLabel } from '@/components/runs/format';
import { RunNowForm } from '@/components/runs/run-now-form';
import { RunsEmptyState } from '@/components/runs/runs-empty';
import { RunsTable } from '@/components/runs/runs-table';
import { TrendChart } from '@/components/runs/trend-chart';
import { TRANSPORT_LABELS } from '@/components/servers/tool-labels';
import { StatusPill } from '@/components/status-pill';
import { NextRuns } from '@/components/suites/next-runs';
import { TimeStamp } from '@/components/time-stamp';
import { getSuiteTrend } from '@/server/services/runs/get-suite-trend';
import { getSuiteDailyTrend, type SuiteDailyTrend } from '@/server/services/runs/get-suite-daily-trend';
import { listRuns } from '@/server/services/runs/list-runs';
import { getServer } from '@/server/services/servers/get-server';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { toSuiteResource } from '@/server/services/suites/suite-resource';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import '@/styles/runs.css';
import { setSuiteEnabledAction } from './enabled-action';
import { runSuiteNowAction } from './run-now-action';
import { createTriggerUrlAction } from './trigger-url-action';

export const metadata = { title: 'Suite · mcptest' };

interface Props {
  params: Promise<{ org: string; suiteId: string }>;
}

/** The cron in words ("At 09:00, Monday through Friday"); the raw expression when cronstrue cannot read it. */
function cronInWords(cron: string): string {
  try {
    return cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return cron;
  }
}

/**
 * A suite at a glance: run it now, its latest verdict, the trend of its recent runs, recent history, the server it
 * tests, its schedule and its status badge. A suite that never ran teaches what a run does.
 */
export default async function SuiteOverviewPage({ params }: Props) {
  const { org, suiteId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/suites/${suiteId}`);
  const row = await orNotFound(getSuiteOrThrow(ctx.deps, ctx.actor, suiteId));
  const suite = toSuiteResource(row, ctx.deps.appUrl, ctx.deps.now());
  const [server, recent, trend, daily] = await Promise.all([
    getServer(ctx.deps, ctx.actor, suite.serverId),
    listRuns(ctx.deps, ctx.actor, { suiteId: suite.id, limit: 10 }),
    getSuiteTrend(ctx.deps, ctx.actor, suite.id, { limit: 50 }),
    getSuiteDailyTrend(ctx.deps, ctx.actor, suite.id, { days: 90 }),
  ]);
  const latest = recent.items[0];
  const base = `/o/${org}/suites/${suite.id}`;
  const canRun = ctx.can('MEMBER') && suite.enabled;
  const runNow = canRun ? <RunNowForm org={org} suiteId={suite.id} action={runSuiteNowAction} /> : null;

  return (
    <main className="page runs-overview" id="main">
      <h1 className="sr-only">{suite.name}: overview</h1>
      {suite.enabled ? null : (
        <div className="runs-notice" role="note">
          <p>This suite is disabled: it runs neither on demand nor on its schedule until it is enabled again.</p>
          {ctx.can('MEMBER') ? (
            <ActionButton
              action={setSuiteEnabledAction}
              fields={{ org, suiteId: suite.id, enabled: 'true' }}
              label="Enable suite"
              pendingText="Enabling…"
              variant="primary"
            />
          ) : null}
        </div>
      )}
      {latest ? (
        <section className="card runs-latest" aria-labelledby="runs-latest-title">
          <div className="runs-latest-body">
            <h2 id="runs-latest-title">Latest run</h2>
            <p className="runs-latest-verdict">
              <StatusPill status={latest.status} />{' '}
              <Link href={`/o/${org}/runs/${latest.id}`}>Run #{shortId(latest.id)}</Link>
            </p>
            <p className="muted">
              {latest.status === 'queued' || latest.status === 'running'
                ? 'In progress — open it to watch live.'
                : `${summaryText(latest.summary)} in ${formatDuration(latest.durationMs)}`}
              {latest.regressions.length > 0 ? (
                <strong className="runs-regression-mark">
                  {' '}
                  <span aria-hidden="true">▼ </span>
                  {latest.regressions.length} regression{latest.regressions.length === 1 ? '' : 's'}
                </strong>
              ) : null}
            </p>
            <p className="muted runs-sub">
              {triggerLabel(latest.trigger)} · <TimeStamp value={latest.queuedAt} />
            </p>
          </div>
          {runNow}
        </section>
      ) : (
        <RunsEmptyState title="Run it now" action={runNow}>
          <p>This suite has not run yet. A run takes three steps, and you can watch each one:</p>
          <ol className="runs-steps">
            <li>
              <strong>Queued</strong>: the run waits for a worker (a few seconds at most).
            </li>
            <li>
              <strong>Running</strong>: the worker connects to <code>{server.url}</code> and checks each assertion under
              your organization’s safety policy; results appear live.
            </li>
            <li>
              <strong>Verdict</strong>: passed, failed or error. A passing run becomes the suite’s baseline; later runs
              flag every assertion that passed there and does not pass now as a <em>regression</em>.
            </li>
          </ol>
          {ctx.can('MEMBER') ? null : <p>Your role is viewer: ask a member to run it.</p>}
        </RunsEmptyState>
      )}

      <div className="runs-overview-grid">
        <div className="runs-overview-main">
          <div className="card">
            {trend.points.length >= 2 ? (
              <TrendChart trend={trend} runsPath={`/o/${org}/runs`} />
            ) : (
              <>
                <h2>Trend</h2>
                <p className="muted">
                  The chart of pass rate and duration appears after two finished runs
                  {trend.points.length === 1 ? ' (one so far)' : ''}. Run the suite again, or give it a schedule, to see
                  whether your server gets better or worse over time.
                </p>
              </>
            )}
            {daily.summary.runs > 0 ? <p className="muted">{dailySentence(daily)}</p> : null}
          </div>
        </div>

        <aside className="runs-overview-side" aria-label="About this suite">
          <section className="card" aria-labelledby="runs-server-title">
            <h2 id="runs-server-title">Server under test</h2>
            <p>
              <Link href={`/o/${org}/servers/${server.id}`}>{server.name}</Link>
            </p>
            <p className="runs-url">
              <code>{server.url}</code>
            </p>
            <p className="muted runs-sub">
              {TRANSPORT_LABELS[server.transport]}
              {server.hasHeaders ? ` · sends ${server.headerNames.length} secret header(s)` : ''}
            </p>
          </section>

          <section className="card" aria-labelledby="runs-schedule-title">
            <h2 id="runs-schedule-title">Schedule</h2>
            {suite.schedule ? (
              <>
                <p>
                  {cronInWords(suite.schedule)} <span className="muted">({suite.timezone})</span>
                </p>
                <p className="muted runs-sub">
                  <code>{suite.schedule}</code>
                </p>
                {suite.nextRuns.length ? (
                  <>
                    <p className="runs-label">Next runs, in your time zone</p>
                    <NextRuns runs={suite.nextRuns} className="runs-next" />
                  </>
                ) : (
                  <p className="muted">
                    No upcoming run
                    {!suite.enabled
                      ? ' while the suite is disabled'
                      : !suite.scheduleEnabled
                        ? ': the schedule is paused'
                        : ''}
                    .
                  </p>
                )}
                <Link href={`${base}/schedule`}>Change the schedule</Link>
              </>
            ) : (
              <>
                <p className="muted">Not scheduled: it runs only when someone or something starts it.</p>
                <Link href={`${base}/schedule`}>Add a schedule</Link>
              </>
            )}
          </section>
          {suite.enabled && ctx.can('MEMBER') ? (
            <section className="card" aria-labelledby="runs-switch-title">
              <h2 id="runs-switch-title">Suite switch</h2>
              <p className="muted runs-sub">
                Disabling stops every run of this suite (on demand, CI, API and schedule) until it is enabled again. To
                stop only the scheduled runs, pause the schedule instead.
              </p>
              <ActionButton
                action={setSuiteEnabledAction}
                fields={{ org, suiteId: suite.id, enabled: 'false' }}
                label="Disable suite"
                pendingText="Disabling…"
              />
            </section>
          ) : null}
        </aside>
      </div>

      <section className="card" aria-labelledby="runs-recent-title">
        <div className="runs-card-head">
          <h2 id="runs-recent-title">Recent runs</h2>
          {latest ? <Link href={`${base}/runs`}>All runs →</Link> : null}
        </div>
        {latest ? (
          <RunsTable org={org} runs={recent.items} caption={`The last ${recent.items.length} runs of ${suite.name}`} />
        ) : (
          <p className="muted">
            None yet. Runs also start from a <Link href={`${base}/schedule`}>schedule</Link> or from CI with{' '}
            <code>{buildCiSnippets({ appUrl: ctx.deps.appUrl, suiteId: suite.id }).shell}</code> (see{' '}
            <a href="#ci-help-title">Run it from CI</a>).
          </p>
        )}
      </section>

      <CiHelp
        org={org}
        appUrl={ctx.deps.appUrl}
        suiteId={suite.id}
        triggerUrl={suite.triggerUrl}
        canManageTrigger={ctx.can('ADMIN')}
        createTriggerUrl={createTriggerUrlAction}
      />

      <section className="card" aria-labelledby="runs-badge-title">
        <h2 id="runs-badge-title">Status badge</h2>
        <p className="muted runs-sub">
          Shows the latest verdict; paste it in your README. The URLs are public but unguessable. A click opens the
          suite’s <a href={suite.badge.statusUrl}>public status page</a> (its name, latest verdict and recent runs;
          nothing else), or a page you choose.
        </p>
        <BadgeSnippets
          svgUrl={suite.badge.svgUrl}
          jsonUrl={suite.badge.jsonUrl}
          linkUrl={suite.badge.statusUrl}
          linkChoices={[
            { label: 'its public status page (anyone)', url: suite.badge.statusUrl },
            { label: 'this suite in mcptest (members only)', url: `${ctx.deps.appUrl}${base}` },
          ]}
          label={suite.name}
          previewVersion={latest ? `${latest.id}-${latest.status}` : 'none'}
        />
      </section>
    </main>
  );
}

/** The long view under the chart, from the daily rollups (kept for years after the runs themselves are deleted). */
function dailySentence(daily: SuiteDailyTrend): string {
  const { runs, passRate, meanDurationMs } = daily.summary;
  const rate = passRate === null ? 'no assertions recorded' : `${passRate}% of assertions passed`;
  const mean = meanDurationMs === null ? '' : `, mean duration ${formatDuration(meanDurationMs)}`;
  return `Last ${daily.days} days: ${runs.toLocaleString('en-US')} finished runs on ${daily.points.length} days, ${rate}${mean}.`;
}
