'use client';
import type { ActionState } from '@/lib/action-state';
import { fieldError } from '@/lib/action-state';
import type { ProjectContents } from '@/server/services/projects/count-project-contents';
import { describedBy, Field } from '@/components/field';
import { PendingButton } from '@/components/servers/pending-button';
import { useKeptForm } from '@/components/kept-form';
import { FormStatus } from '@/components/servers/form-status';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Deleting a project (ADMIN): says exactly what goes with it, and asks for the name to be typed. */
export function DeleteProjectForm({
  org,
  project,
  contents,
  action,
}: {
  org: string;
  project: { id: string; name: string };
  contents: ProjectContents;
  action: (previous: ActionState<void>, form: FormData) => Promise<ActionState<void>>;
}) {
  const [state, onSubmit, pending, formAction] = useKeptForm(action);
  const error = fieldError(state, 'confirm');
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" aria-label="Delete project" noValidate>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="projectId" value={project.id} />
      <p id="project-delete-what">
        This deletes <strong>{project.name}</strong> with {plural(contents.servers, 'server', 'servers')} (and their
        stored headers), {plural(contents.suites, 'suite', 'suites')} (their versions and schedules),{' '}
        {plural(contents.runs, 'run', 'runs')} with their results, and{' '}
        {plural(contents.webhooks, 'webhook', 'webhooks')}. Its badge stops working. This cannot be undone.
      </p>
      <Field id="project-delete-confirm" label={`Type “${project.name}” to confirm`} error={error}>
        <input
          id="project-delete-confirm"
          name="confirm"
          autoComplete="off"
          spellCheck={false}
          {...describedBy('project-delete-confirm', { error })}
        />
      </Field>
      <FormStatus state={state} />
      <PendingButton pending={pending} pendingText="Deleting…" variant="danger">
        Delete this project
      </PendingButton>
    </form>
  );
}
