import { buildCiSnippets } from '@mcptest/core';
import Link from 'next/link';
import type { ActionState } from '@/lib/action-state';
import { CopyButton } from '@/components/copy-button';
import { TriggerUrlForm, type CreatedTriggerUrl } from './trigger-url-form';

/** A copy-ready block: a focusable scroller (keyboard users can scroll a long line) with its own copy button. */
export function CopyBlock({ label, text }: { label: string; text: string }) {
  return (
    <div className="ci-block">
      <div className="ci-block-head">
        <span className="runs-label">{label}</span>
        <CopyButton text={text} label="Copy" name={`Copy ${label}`} />
      </div>
      <pre className="runs-command" tabIndex={0} aria-label={label}>
        <code>{text}</code>
      </pre>
    </div>
  );
}

/**
 * "Run it from CI" on the suite page: the suite id and the ready commands (built by buildCiSnippets in packages/core,
 * the one place their wording lives), and the inbound trigger URL for systems that cannot hold a token (GitHub
 * webhooks): whether one is set, and for admins the button that makes (or replaces) it and shows it once.
 */
export function CiHelp({
  org,
  appUrl,
  suiteId,
  triggerUrl,
  canManageTrigger,
  createTriggerUrl,
}: {
  org: string;
  appUrl: string;
  suiteId: string;
  triggerUrl: { enabled: boolean; githubSecret: boolean };
  canManageTrigger: boolean;
  createTriggerUrl: (
    previous: ActionState<CreatedTriggerUrl>,
    form: FormData,
  ) => Promise<ActionState<CreatedTriggerUrl>>;
}) {
  const snippets = buildCiSnippets({ appUrl, suiteId });
  return (
    <section className="card ci-help" aria-labelledby="ci-help-title">
      <h2 id="ci-help-title">Run it from CI</h2>
      <p className="muted runs-sub">
        Suite id <code>{suiteId}</code> <CopyButton text={suiteId} label="Copy id" name="Copy id of the suite" />
      </p>
      <p>
        The command queues a run, waits for the verdict and fails the job on a failure, a regression or an error. It
        needs an API token with the <code>run</code> scope (
        <Link href={`/o/${org}/settings/tokens`}>Settings → API tokens</Link>) in <code>MCPTEST_TOKEN</code>; in GitHub,
        save it as the repository secret <code>MCPTEST_TOKEN</code>.
      </p>
      <CopyBlock label="Shell" text={snippets.shell} />
      <CopyBlock label="GitHub Actions (.github/workflows/mcptest.yml)" text={snippets.githubActions} />

      <h3 id="ci-trigger-title">Trigger URL (GitHub webhook, no token)</h3>
      <p>
        A secret URL that starts a run when called: point a GitHub webhook at it and every push and pull request runs
        this suite, without a token in the repository.{' '}
        {triggerUrl.enabled
          ? `This suite has one${triggerUrl.githubSecret ? ', checked with a GitHub secret' : ' (no GitHub secret)'}. It was shown once when it was made; make a new one if it is lost (the old URL stops working at once).`
          : 'This suite has none yet.'}
      </p>
      {canManageTrigger ? (
        <TriggerUrlForm org={org} suiteId={suiteId} exists={triggerUrl.enabled} action={createTriggerUrl} />
      ) : (
        <p className="muted">Admins make and replace trigger URLs.</p>
      )}
    </section>
  );
}
