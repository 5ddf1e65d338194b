import { timeZoneNames } from '@/components/suites/suite-page-data';
import { NextRuns } from '@/components/suites/next-runs';
import { cronInWords } from '@/components/suites/schedule-format';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { previewSchedule } from '@/server/services/suites/preview-schedule';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { ScheduleForm } from './schedule-form';

export const metadata = { title: 'Suite schedule · mcptest' };

interface Props {
  params: Promise<{ org: string; suiteId: string }>;
}

/** When the suite runs by itself: a cron pattern in a time zone, previewed live; members change or remove it. */
export default async function SuiteSchedulePage({ params }: Props) {
  const { org, suiteId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/suites/${suiteId}/schedule`);
  const suite = await orNotFound(getSuiteOrThrow(ctx.deps, ctx.actor, suiteId));
  const preview = suite.schedule
    ? await previewSchedule(ctx.deps, ctx.actor, { cron: suite.schedule, timezone: suite.timezone })
    : null;
  const words = suite.schedule ? cronInWords(suite.schedule) : undefined;

  return (
    <main className="page" id="main">
      <h1>Schedule</h1>
      <p className="lead" role="status">
        {!suite.schedule
          ? 'No schedule: the suite runs when someone triggers it (here, from CI or through the API).'
          : !suite.enabled
            ? `The suite is disabled, so its schedule ${suite.schedule} (${suite.timezone}) does not run.`
            : !suite.scheduleEnabled
              ? `Paused. The schedule ${suite.schedule} (${suite.timezone}) is kept but does not run.`
              : `Runs ${words ? `${words.charAt(0).toLowerCase()}${words.slice(1)}` : suite.schedule}, ${suite.timezone} time.`}
      </p>
      {ctx.can('MEMBER') ? (
        <ScheduleForm
          org={org}
          suiteId={suiteId}
          zones={timeZoneNames()}
          schedule={suite.schedule}
          timezone={suite.timezone}
          scheduleEnabled={suite.scheduleEnabled}
          preview={preview}
        />
      ) : suite.schedule && preview?.ok && suite.enabled && suite.scheduleEnabled ? (
        <section className="card" aria-labelledby="next-runs-title">
          <h2 id="next-runs-title">Next runs, in your time zone</h2>
          <NextRuns runs={preview.next} className="suites-schedule-next" />
          <p className="muted">Your role is viewer: ask a member to change the schedule.</p>
        </section>
      ) : (
        <p className="muted">Your role is viewer: ask a member to change the schedule.</p>
      )}
    </main>
  );
}
