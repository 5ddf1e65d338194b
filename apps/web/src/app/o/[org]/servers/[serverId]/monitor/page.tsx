import { CodeBlock } from '@/components/code-block';
import { PageHeader } from '@/components/page-header';
import { MonitorForm } from '@/components/servers/monitor-form';
import { ServerTabs } from '@/components/servers/server-tabs';
import { TRANSPORT_LABELS } from '@/components/servers/tool-labels';
import { UptimeBar } from '@/components/servers/uptime-bar';
import { TimeStamp } from '@/components/time-stamp';
import { getServerMonitor } from '@/server/services/monitors/get-server-monitor';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { getServer } from '@/server/services/servers/get-server';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { updateMonitorAction } from './actions';
import '@/styles/servers.css';

export const metadata = { title: 'Monitor · mcptest' };

interface Props {
  params: Promise<{ org: string; serverId: string }>;
}

const STATE_WORDS = { unknown: 'Not checked yet', up: 'Up', down: 'Down' } as const;
const STATE_PILLS = { unknown: 'pill-skip', up: 'pill-pass', down: 'pill-fail' } as const;

/**
 * A server's Monitor tab (docs/health.md#uptime-monitors): the uptime monitor's state and last check, the 90-day uptime
 * bar, recent incidents, the uptime badge, and (MEMBER or higher) the form that turns it on or off and sets its interval.
 */
export default async function ServerMonitorPage({ params }: Props) {
  const { org, serverId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/servers/${serverId}/monitor`);
  const server = await orNotFound(getServer(ctx.deps, ctx.actor, serverId));
  const [project, monitor] = await Promise.all([
    getProjectOrThrow(ctx.deps, ctx.actor, server.projectId),
    getServerMonitor(ctx.deps, ctx.actor, serverId),
  ]);
  return (
    <main className="page" id="main">
      <PageHeader
        title={server.name}
        crumbs={[
          { href: `/o/${org}`, label: 'Projects' },
          { href: `/o/${org}/projects/${project.id}`, label: project.name },
        ]}
        description={
          <>
            <code className="servers-url">{server.url}</code> · {TRANSPORT_LABELS[server.transport]}
          </>
        }
      />
      <ServerTabs org={org} serverId={server.id} />
      <section className="servers-section card" aria-labelledby="monitor-state">
        <h2 id="monitor-state">
          Uptime monitor{' '}
          <span className={`pill ${monitor.enabled ? STATE_PILLS[monitor.state] : 'pill-skip'}`}>
            {monitor.enabled ? STATE_WORDS[monitor.state] : monitor.configured ? 'Paused' : 'Off'}
          </span>
        </h2>
        <p className="muted">
          Every {monitor.intervalMinutes} minutes the monitor opens a session and asks <code>tools/list</code>; it never
          calls a tool. A failure is checked again shortly after before the server counts as down, and
          <code> monitor.down</code> / <code>monitor.up</code> webhooks say when it goes down and comes back.
        </p>
        {monitor.lastCheckedAt ? (
          <dl className="servers-facts">
            <dt>Last check</dt>
            <dd>
              <TimeStamp value={monitor.lastCheckedAt} />
              {monitor.lastError ? ` · failed: ${monitor.lastError}` : ''}
            </dd>
            <dt>Handshake latency</dt>
            <dd>{monitor.lastLatencyMs === null ? '—' : `${monitor.lastLatencyMs} ms`}</dd>
            {monitor.nextCheckAt ? (
              <>
                <dt>Next check</dt>
                <dd>
                  <TimeStamp value={monitor.nextCheckAt} />
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {ctx.can('MEMBER') ? (
          <MonitorForm
            org={org}
            serverId={server.id}
            enabled={monitor.enabled}
            intervalMinutes={monitor.intervalMinutes}
            minIntervalMinutes={monitor.limits.minIntervalMinutes}
            action={updateMonitorAction}
          />
        ) : (
          <p className="muted">Your role is viewer: ask a member to change the monitor.</p>
        )}
      </section>
      <section className="servers-section" aria-labelledby="monitor-uptime">
        <h2 id="monitor-uptime">Last 90 days</h2>
        <UptimeBar days={monitor.uptime.days} availability={monitor.uptime.availability} />
      </section>
      {monitor.incidents.length > 0 ? (
        <section className="servers-section" aria-labelledby="monitor-incidents">
          <h2 id="monitor-incidents">Incidents</h2>
          <ul>
            {monitor.incidents.map((incident) => (
              <li key={incident.id}>
                <TimeStamp value={incident.startedAt} /> →{' '}
                {incident.endedAt ? <TimeStamp value={incident.endedAt} /> : 'ongoing'}: {incident.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {monitor.badge ? (
        <section className="servers-section" aria-labelledby="monitor-badge">
          <h2 id="monitor-badge">Uptime badge</h2>
          <p className="muted">Public: the key in the URL is its only credential.</p>
          <CodeBlock label="Uptime badge Markdown">{`![uptime](${monitor.badge.svgUrl})`}</CodeBlock>
        </section>
      ) : null}
    </main>
  );
}
