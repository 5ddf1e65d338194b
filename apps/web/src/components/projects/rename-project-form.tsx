'use client';
import type { ActionState } from '@/lib/action-state';
import { fieldError } from '@/lib/action-state';
import type { ProjectResource } from '@/server/services/projects/project-schemas';
import { describedBy, Field } from '@/components/field';
import { PendingButton } from '@/components/servers/pending-button';
import { useKeptForm } from '@/components/kept-form';
import { FormStatus } from '@/components/servers/form-status';

/** Renames the project (MEMBER); its id, URLs and badge stay the same. */
export function RenameProjectForm({
  org,
  project,
  action,
}: {
  org: string;
  project: { id: string; name: string };
  action: (previous: ActionState<ProjectResource>, form: FormData) => Promise<ActionState<ProjectResource>>;
}) {
  const [state, onSubmit, pending, formAction] = useKeptForm(action);
  const error = fieldError(state, 'name');
  return (
    <form action={formAction} onSubmit={onSubmit} className="form" aria-label="Rename project" noValidate>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="projectId" value={project.id} />
      <Field
        id="project-rename"
        label="Project name"
        hint="Links and badges keep working after a rename."
        error={error}
      >
        <input
          id="project-rename"
          name="name"
          required
          maxLength={100}
          defaultValue={project.name}
          {...describedBy('project-rename', { hint: true, error })}
        />
      </Field>
      <FormStatus state={state} />
      <PendingButton pending={pending} pendingText="Saving…" variant="secondary">
        Rename
      </PendingButton>
    </form>
  );
}
