import { DESTRUCTIVE_WORDS, MUTATING_WORDS } from '@mcptest/core';
import { PageHeader } from '@/components/page-header';
import { PolicyForm } from '@/components/settings/policy-form';
import { getPolicy } from '@/server/services/policy/get-policy';
import { loadOrgPage } from '@/server/ui/load-org-page';
import { updatePolicyAction } from './actions';

export const metadata = { title: 'Execution policy · mcptest' };

const format = (n: number) => n.toLocaleString('en-US');

/** The organization's execution safety policy: every member reads it, ADMIN and up change it. */
export default async function PolicyPage({ params }: { params: Promise<{ org: string }> }) {
  const { org } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/settings`);
  const { policy, plan, limits, effective } = await getPolicy(ctx.deps, ctx.actor);
  const canEdit = ctx.can('ADMIN');
  return (
    <main className="page" id="main">
      <PageHeader
        title="Execution policy"
        description="What runs of this organization may do to the MCP servers they test. It applies to every suite; a suite can only narrow it."
      />
      {canEdit ? null : (
        <p className="settings-readonly" role="note">
          You can read the policy; admins and owners change it. Your role: {ctx.membership.role.toLowerCase()}.
        </p>
      )}
      <section className="card settings-plan" aria-labelledby="plan-title">
        <h2 id="plan-title">
          Your plan: <span className="pill">{plan}</span>
        </h2>
        <p className="field-hint">The plan is the ceiling; the policy below can only narrow it.</p>
        <dl className="settings-plan-limits">
          <div>
            <dt>Calls per run</dt>
            <dd>{format(limits.maxCallsPerRun)}</dd>
          </div>
          <div>
            <dt>Calls per day</dt>
            <dd>{format(limits.dailyCalls)}</dd>
          </div>
          <div>
            <dt>Runs at once</dt>
            <dd>{format(limits.concurrentRuns)}</dd>
          </div>
          <div>
            <dt>Runs waiting</dt>
            <dd>{format(limits.maxQueuedRuns)}</dd>
          </div>
          <div>
            <dt>Longest run</dt>
            <dd>{duration(limits.runTimeLimitSeconds)}</dd>
          </div>
          <div>
            <dt>Schedules at most every</dt>
            <dd>{duration(limits.minScheduleIntervalSeconds)}</dd>
          </div>
        </dl>
      </section>
      <PolicyForm
        org={org}
        action={updatePolicyAction}
        policy={policy}
        canEdit={canEdit}
        caps={{
          plan,
          maxCallsPerRun: limits.maxCallsPerRun,
          dailyCalls: limits.dailyCalls,
          concurrentRuns: limits.concurrentRuns,
          effectiveMaxCallsPerRun: effective.maxCallsPerRun,
          effectiveDailyCalls: effective.dailyCalls,
        }}
        builtInWords={{ mutating: MUTATING_WORDS, destructive: DESTRUCTIVE_WORDS }}
      />
    </main>
  );
}

/** 300 → "5 min", 3600 → "1 h", 90 → "90 s". */
function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
