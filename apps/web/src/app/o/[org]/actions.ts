'use server';
import { redirect } from 'next/navigation';
import type { ActionState } from '@/lib/action-state';
import { createProject } from '@/server/services/projects/create-project';
import { CreateProjectRequest, type ProjectResource } from '@/server/services/projects/project-schemas';
import { orgAction } from '@/server/ui/org-action';

const create = orgAction('createProject', CreateProjectRequest, ({ deps, actor }, input) =>
  createProject(deps, actor, input),
);

/** Creates a project and opens it (MEMBER or higher). */
export async function createProjectAction(
  previous: ActionState<ProjectResource>,
  form: FormData,
): Promise<ActionState<ProjectResource>> {
  const result = await create(previous, form);
  if (result?.ok && result.data) redirect(`/o/${String(form.get('org'))}/projects/${result.data.id}`);
  return result;
}
