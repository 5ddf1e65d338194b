import Link from 'next/link';
import { SuiteForm } from '@/components/suites/suite-form';
import { projectServerOptions } from '@/components/suites/suite-page-data';
import { YamlEditor } from '@/components/suites/yaml-editor';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { updateSuiteAction } from './actions';

export const metadata = { title: 'Suite editor · mcptest' };

interface Props {
  params: Promise<{ org: string; suiteId: string }>;
}

/** The suite's YAML (with name and server): members save a new version; viewers read it. */
export default async function SuiteEditPage({ params }: Props) {
  const { org, suiteId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/suites/${suiteId}/edit`);
  const suite = await orNotFound(getSuiteOrThrow(ctx.deps, ctx.actor, suiteId));
  const servers = await projectServerOptions(ctx.deps, ctx.actor, suite.projectId);
  const current = servers.find((s) => s.id === suite.serverId);

  if (!ctx.can('MEMBER')) {
    return (
      <main className="page" id="main">
        <h1>Editor</h1>
        <p className="lead">
          Version {suite.version} of <strong>{suite.name}</strong>, running against{' '}
          {current ? <Link href={`/o/${org}/servers/${current.id}`}>{current.name}</Link> : 'its server'}. Your role is
          viewer, so the YAML is read-only here; ask a member to change it.
        </p>
        <div className="suites-readonly">
          <YamlEditor org={org} label="Suite YAML (read-only)" initialValue={suite.yaml} readOnly />
        </div>
      </main>
    );
  }

  return (
    <main className="page" id="main">
      <h1>Editor</h1>
      <p className="lead">
        Saving new YAML makes version {suite.version + 1}; runs already queued keep the version they were queued with.{' '}
        <Link href={`/o/${org}/suites/${suiteId}/versions`}>See earlier versions</Link>.
      </p>
      <SuiteForm
        org={org}
        mode="edit"
        action={updateSuiteAction}
        hidden={{ suiteId, baseVersion: String(suite.version) }}
        servers={servers}
        initial={{ name: suite.name, serverId: suite.serverId, yaml: suite.yaml }}
        submitLabel="Save"
        {...(suite.enabled
          ? { secondarySubmit: { label: 'Save and run', pendingText: 'Saving and queuing…', intent: 'run' } }
          : {})}
      />
    </main>
  );
}
