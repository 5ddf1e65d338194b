'use client';
import { useActionState } from 'react';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { SecretOnce } from '@/components/settings/secret-once';
import { SubmitButton } from '@/components/submit-button';

/** What the trigger-URL action answers: the URL and, for GitHub, the secret mcptest generated (both shown once). */
export interface CreatedTriggerUrl {
  url: string;
  githubSecret: string | null;
}

/**
 * Makes (or replaces) the suite's inbound trigger URL. For GitHub, mcptest generates the webhook secret, so the user
 * copies two values into GitHub's form and types neither; both are shown once, with the steps, then never again.
 */
export function TriggerUrlForm({
  org,
  suiteId,
  exists,
  action,
}: {
  org: string;
  suiteId: string;
  exists: boolean;
  action: (previous: ActionState<CreatedTriggerUrl>, form: FormData) => Promise<ActionState<CreatedTriggerUrl>>;
}) {
  const [state, formAction] = useActionState(action, null);
  const created = state?.ok ? state.data : undefined;
  return (
    <div className="ci-trigger">
      <form action={formAction} className="form">
        <input type="hidden" name="org" value={org} />
        <input type="hidden" name="suiteId" value={suiteId} />
        <label className="ci-check">
          <input type="checkbox" name="github" value="on" defaultChecked /> For a GitHub webhook: generate a secret and
          refuse calls it did not sign
        </label>
        <SubmitButton variant="secondary" pendingText="Making…">
          {exists ? 'Replace the trigger URL' : 'Make a trigger URL'}
        </SubmitButton>
        <FormMessage state={state} />
      </form>
      {created ? (
        <>
          <SecretOnce title="Trigger URL" label="Trigger URL" copyLabel="Copy URL" value={created.url} />
          {created.githubSecret ? (
            <SecretOnce
              title="GitHub webhook secret"
              label="Secret"
              copyLabel="Copy secret"
              value={created.githubSecret}
            >
              <ol className="ci-steps">
                <li>
                  In the GitHub repository: <strong>Settings → Webhooks → Add webhook</strong>.
                </li>
                <li>
                  <strong>Payload URL</strong>: the trigger URL above.
                </li>
                <li>
                  <strong>Content type</strong>: <code>application/json</code>.
                </li>
                <li>
                  <strong>Secret</strong>: the secret above (calls whose <code>X-Hub-Signature-256</code> does not match
                  are refused).
                </li>
                <li>
                  <strong>Which events</strong>: “Let me select individual events”, then <em>Pushes</em> and{' '}
                  <em>Pull requests</em> (other events are answered and ignored; the first <code>ping</code> checks the
                  setup).
                </li>
              </ol>
            </SecretOnce>
          ) : (
            <p>
              Call it from any CI step (no token, no secret):{' '}
              <code>
                curl -fsS -X POST -H &apos;content-type: application/json&apos; -d &apos;{'{'}
                &quot;branch&quot;:&quot;main&quot;{'}'}&apos; {created.url}
              </code>
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
