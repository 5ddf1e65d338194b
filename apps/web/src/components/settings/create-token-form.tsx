'use client';
import { ChoiceFieldset } from '@/components/choice-fieldset';
import { CodeBlock } from '@/components/code-block';
import { fieldError, type ActionState } from '@/lib/action-state';
import { describedBy, Field } from '@/components/field';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { SecretOnce } from './secret-once';
import { useKeptForm } from '@/components/kept-form';

const SCOPES = [
  { value: 'read', label: 'Read', hint: 'Reads projects, suites, runs and reports. For dashboards and status checks.' },
  {
    value: 'run',
    label: 'Run',
    hint: 'Read, plus trigger and cancel runs and discover servers. What CI needs (mcptest ci).',
  },
  {
    value: 'write',
    label: 'Write',
    hint: 'Run, plus create, change and delete projects, servers and suites: what a member may do.',
  },
  {
    value: 'admin',
    label: 'Admin',
    hint: 'Everything, including the policy, tokens and webhooks. Only for automation you fully trust.',
  },
] as const;

/** Shortest first, "Never" last (90 days is preselected). */
const EXPIRIES = [
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
  { value: '', label: 'Never' },
];

/**
 * Creates an API token. On success the token is shown once, with a copy button and a curl line that proves it works;
 * the form is cleared for the next one.
 */
export function CreateTokenForm<T extends { token: string; name: string }>({
  org,
  action,
  projects,
  moreProjects,
  appUrl,
}: {
  org: string;
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;
  projects: { id: string; name: string }[];
  /** More projects exist than the list holds (the newest are listed). */
  moreProjects: boolean;
  appUrl: string;
}) {
  const [state, onSubmit, , formAction] = useKeptForm(action);
  const created = state?.ok ? state.data : undefined;
  const nameError = fieldError(state, 'name');
  const scopeError = fieldError(state, 'scopes');
  const projectError = fieldError(state, 'projectId');
  const expiryError = fieldError(state, 'expiresInDays');
  return (
    <>
      {created ? (
        <SecretOnce
          title={`Token “${created.name}” created`}
          label="API token"
          copyLabel="Copy token"
          value={created.token}
        >
          <p>Try it:</p>
          <CodeBlock label="curl example">
            <code>{`curl -H "authorization: Bearer ${created.token}" ${appUrl}/api/v1/projects`}</code>
          </CodeBlock>
        </SecretOnce>
      ) : null}
      <form action={formAction} onSubmit={onSubmit} className="card form" aria-labelledby="create-token-title">
        <h2 id="create-token-title">New API token</h2>
        <input type="hidden" name="org" value={org} />
        <Field
          id="token-name"
          label="Name"
          hint="Where it will be used, e.g. “GitHub Actions – weather-mcp”."
          error={nameError}
        >
          <input
            id="token-name"
            name="name"
            required
            maxLength={100}
            autoComplete="off"
            {...describedBy('token-name', { hint: true, error: nameError })}
          />
        </Field>
        <ChoiceFieldset
          legend="Scope"
          type="radio"
          name="scopes"
          choices={SCOPES}
          checked={(value) => value === 'run'}
          hintId={(value) => `token-scope-${value}-hint`}
          errorId="token-scope-error"
          error={scopeError}
        />
        <Field
          id="token-project"
          label="Project"
          hint={
            moreProjects
              ? 'Restrict the token to one project: it then sees nothing else. (The 100 newest projects are listed.)'
              : 'Restrict the token to one project: it then sees nothing else.'
          }
          error={projectError}
        >
          <select
            id="token-project"
            name="projectId"
            defaultValue=""
            {...describedBy('token-project', { hint: true, error: projectError })}
          >
            <option value="">All projects</option>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="token-expiry"
          label="Expires"
          hint="A token that expires limits the damage if it leaks; make a new one when it does."
          error={expiryError}
        >
          <select
            id="token-expiry"
            name="expiresInDays"
            defaultValue="90"
            {...describedBy('token-expiry', { hint: true, error: expiryError })}
          >
            {EXPIRIES.map((expiry) => (
              <option key={expiry.value} value={expiry.value}>
                {expiry.label}
              </option>
            ))}
          </select>
        </Field>
        <FormMessage state={state} />
        <SubmitButton pendingText="Creating…">Create token</SubmitButton>
      </form>
    </>
  );
}
